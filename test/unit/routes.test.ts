import { PATH_PARAMS, pathParamOf } from '../../nodes/shared/pathParams';
import {
	ROUTES,
	needsOrganizedEvent,
	pathParamNames,
	resolvePath,
} from '../../nodes/shared/routes';
import type { RouteKey } from '../../nodes/shared/routes';

describe('route table', () => {
	it('fills and encodes path parameters', () => {
		expect(
			resolvePath('order.approve', { company: 'Ab1', event: 'summer summit', order: 'Xy9' }),
		).toBe('/Ab1/event/summer%20summit/orders/Xy9/approve');
	});

	it('refuses a missing parameter instead of calling a wrong path', () => {
		expect(() => resolvePath('event.get', { company: 'Ab1' })).toThrow(
			'needs the "event" parameter',
		);
		expect(() => resolvePath('event.get', { company: 'Ab1', event: '' })).toThrow(
			'needs the "event" parameter',
		);
	});

	it('never builds a path from "." or ".." (they survive encoding and change the route), nor from an inherited key', () => {
		expect(() => resolvePath('order.approve', { company: 'Ab1', event: 'e', order: '..' })).toThrow(
			'cannot be ".."',
		);
		expect(() => resolvePath('event.get', { company: '.', event: 'e' })).toThrow('cannot be "."');
		expect(resolvePath('event.get', { company: 'Ab1', event: '...' })).toBe('/Ab1/events/...');
		expect(() =>
			resolvePath(
				'event.get',
				Object.create({ company: 'Ab1', event: 'e' }) as Record<string, string>,
			),
		).toThrow('needs the "company" parameter');
	});

	it('has an entry for every path parameter of every route: its field and the operation its ID comes from', () => {
		const names = new Set((Object.keys(ROUTES) as RouteKey[]).flatMap(pathParamNames));
		expect([...names].sort()).toEqual(Object.keys(PATH_PARAMS).sort());
		for (const name of names) {
			expect(pathParamOf(name)?.label).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)?$/);
			expect(pathParamOf(name)?.source).toMatch(/ → (Get Many|Create)\b/);
		}
		expect(pathParamOf('toString')).toBeUndefined();
	});

	it('needs an organized event for exactly the routes under /event/', () => {
		const organized = (Object.keys(ROUTES) as RouteKey[])
			.filter(needsOrganizedEvent)
			.map((key) => key.split('.')[0]);
		expect([...new Set(organized)].sort()).toEqual([
			'emailTemplate',
			'eventPage',
			'order',
			'ticketType',
		]);
		expect(needsOrganizedEvent('event.get')).toBe(false);
	});

	it('ends every create path in /create except the upserts and the order create', () => {
		const creates = Object.entries(ROUTES).filter(([key]) => key.endsWith('.create'));
		for (const [key, route] of creates) {
			expect(route.method).toBe('POST');
			if (key === 'order.create') expect(route.path).toMatch(/\/orders\/create\/\{ticketType\}$/);
			else expect(route.path).toMatch(/\/create$/);
		}
	});

	it('marks every route the reference does not show as assumed', () => {
		const assumed = Object.entries(ROUTES)
			.filter(([, route]) => 'assumed' in route)
			.map(([key]) => key)
			.sort();
		expect(assumed).toEqual(
			[
				'activation.get',
				'emailTemplate.get',
				'emailTemplate.getMany',
				'emailTemplate.reset',
				'emailTemplate.update',
				'eventPage.get',
				'eventPage.upsert',
				'webhook.create',
				'webhook.delete',
				'webhook.getMany',
				'webhook.update',
			].sort(),
		);
	});
});
