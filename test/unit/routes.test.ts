import { PATH_PARAM_FIELDS, ROUTES, resolvePath } from '../../nodes/shared/routes';

describe('route table', () => {
	it('fills and encodes path parameters', () => {
		expect(resolvePath('order.approve', { company: 'Ab1', event: 'summer summit', order: 'Xy9' })).toBe(
			'/Ab1/event/summer%20summit/orders/Xy9/approve',
		);
	});

	it('refuses a missing parameter instead of calling a wrong path', () => {
		expect(() => resolvePath('event.get', { company: 'Ab1' })).toThrow('needs the "event" parameter');
		expect(() => resolvePath('event.get', { company: 'Ab1', event: '' })).toThrow('needs the "event" parameter');
	});

	it('never builds a path from "." or ".." (they survive encoding and change the route), nor from an inherited key', () => {
		expect(() => resolvePath('order.approve', { company: 'Ab1', event: 'e', order: '..' })).toThrow('cannot be ".."');
		expect(() => resolvePath('event.get', { company: '.', event: 'e' })).toThrow('cannot be "."');
		expect(resolvePath('event.get', { company: 'Ab1', event: '...' })).toBe('/Ab1/events/...');
		expect(() => resolvePath('event.get', Object.create({ company: 'Ab1', event: 'e' }) as Record<string, string>)).toThrow('needs the "company" parameter');
	});

	it('names the field of every path parameter, for errors about its value', () => {
		const names = new Set(Object.values(ROUTES).flatMap((route) => [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])));
		for (const name of names) expect(PATH_PARAM_FIELDS[name]).toEqual(expect.any(String));
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
