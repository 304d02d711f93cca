import fs from 'node:fs';
import path from 'node:path';

import {
	PATH_PARAMS,
	pathParamOf,
	ROUTES,
	pathParamNames,
	resolvePath,
} from '../../nodes/shared/routes';
import type { RouteKey } from '../../nodes/shared/routes';
import { SUBSCRIBE_SCOPES } from '../../nodes/shared/routes';
import { RESOURCES } from '../../nodes/EventRegistration/resources';
import { DEFAULT_OAUTH2_SCOPES } from '../../credentials/EventRegistrationOAuth2Api.credentials';

const ROOT = path.resolve(__dirname, '..', '..');

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

	it('names every route the reference does not show in docs/assumptions.md, where a correction starts', () => {
		const assumptions = fs.readFileSync(path.join(ROOT, 'docs', 'assumptions.md'), 'utf8');
		const assumed = (Object.keys(ROUTES) as RouteKey[]).filter((key) => 'assumed' in ROUTES[key]);
		expect(assumed.length).toBeGreaterThan(0);
		for (const key of assumed) {
			const named = [`ROUTES['${key}']`, `ROUTES['${key.split('.')[0]}.*']`];
			expect([key, named.some((entry) => assumptions.includes(entry))]).toEqual([key, true]);
		}
	});
});

describe('OAuth2 credential defaults', () => {
	it('request every scope an operation needs: its route, its lookups and the webhooks’ subscribe scopes', () => {
		const routes = Object.entries(RESOURCES).flatMap(([resource, { operations }]) =>
			Object.entries(operations).flatMap(([name, { lookups }]) => [
				`${resource}.${name}`,
				...(lookups ?? []).map(({ route }) => route),
			]),
		);
		const needed = routes
			.filter((key): key is RouteKey => Object.hasOwn(ROUTES, key))
			.flatMap((key) => ROUTES[key].scopes)
			.concat(Object.values(SUBSCRIBE_SCOPES));
		expect([...new Set(needed)].filter((scope) => !DEFAULT_OAUTH2_SCOPES.includes(scope))).toEqual(
			[],
		);
	});
});
