// @ts-check
/**
 * Which scopes a token needs, from the route table: for an operation (its route and lookups), a list
 * in the editor, a value given by name or URL, and a whole workflow (the examples' sticky notes list
 * what `workflowScopes` gives). docs/credentials.md's scopes table is generated from it.
 */

/** Each list of the editor by its method: the field it fills, as the editor names it, and its routes. */
const LISTS = {
	searchCompanies: { name: 'Company', routes: ['company.getMany'] },
	searchEvents: { name: 'Event', routes: ['event.getMany'] },
	searchOrganizingEvents: { name: 'Event', routes: ['event.getMany'] },
	searchTicketTypes: { name: 'Ticket Type', routes: ['ticketType.getMany'] },
	searchForms: { name: 'Form', routes: ['form.getMany'] },
	searchOrders: { name: 'Order', routes: ['order.getMany'] },
	searchActivations: { name: 'Activation', routes: ['activation.getMany'] },
	searchEmailTemplates: { name: 'Template', routes: ['emailTemplate.getMany'] },
	searchWebhooks: { name: 'Webhook', routes: ['webhook.getMany'] },
	getForms: { name: 'Form Name or ID', routes: ['form.getMany'] },
	getExistingFormFields: { name: 'Field Name or ID', routes: ['form.get'] },
	getFormFieldsToUpdate: { name: 'Field Name or ID', routes: ['form.get'] },
	getTicketTypeFormFields: { name: 'Field Name or ID', routes: ['ticketType.get', 'form.get'] },
};

/**
 * The lookups each operation declares, by route key. Read when first needed: the caller has
 * TypeScript loading in place. @returns {Record<string, Array<{ route: string; why: string }>>}
 */
function operationLookups() {
	const { RESOURCES } = require('../../nodes/EventRegistration/resources');
	return Object.fromEntries(
		Object.entries(RESOURCES).flatMap(([resource, { operations }]) =>
			Object.entries(operations).flatMap(([name, { lookups }]) =>
				lookups ? [[`${resource}.${name}`, lookups]] : [],
			),
		),
	);
}

/** A value the node matches by name (`resolveCompany`, `resolveEvent` in nodes/shared/ids.ts): the list it reads. */
const NAME_LOOKUPS = { company: 'company.getMany', event: 'event.getMany' };

const NODE_TYPES = {
	action: /\.eventRegistration(Tool)?$/,
	webhookTrigger: /\.eventRegistrationTrigger$/,
	orderTrigger: /\.eventRegistrationOrderTrigger$/,
};
/** n8n's credential test's request (`USER_TEST_REQUEST`, credentials/EventRegistrationApi.credentials.ts): every workflow needs its scope. */
const CREDENTIAL_TEST_ROUTE = 'user.get';

/**
 * @typedef {{ scopes: readonly string[] }} Route
 * @typedef {{ ROUTES: Record<string, Route>; WEBHOOK_EVENTS: ReadonlyArray<{ value: string; scope: string }> }} ScopeCode
 * @typedef {ScopeCode & { ID_PATTERNS: { company: RegExp; event: RegExp } }} WorkflowCode the node code a workflow's scopes are read from (ID_PATTERNS: nodes/shared/routes.ts)
 * @typedef {{ type: string; parameters?: Record<string, any> }} WorkflowNode
 */

/** @param {Pick<ScopeCode, 'ROUTES'>} code @param {readonly string[]} keys */
function routeScopes(code, keys) {
	return keys.flatMap((key) => {
		if (!Object.hasOwn(code.ROUTES, key))
			throw new Error(`No route "${key}" in nodes/shared/routes.ts`);
		return code.ROUTES[key].scopes;
	});
}

/** @param {ScopeCode} code @param {unknown} events webhook event kinds */
function subscribeScopes(code, events) {
	const chosen = Array.isArray(events) ? events : [];
	return code.WEBHOOK_EVENTS.filter((event) => chosen.includes(event.value)).map(
		(event) => event.scope,
	);
}

const isResourceLocator = (/** @type {unknown} */ value) =>
	typeof value === 'object' && value !== null && /** @type {any} */ (value).__rl === true;

/**
 * A resource locator's scopes: its list when set from it, a lookup when its value is (or may be)
 * a name or a URL. @param {WorkflowCode} code @param {string} name @param {{ mode: string; value: unknown }} locator
 * @param {Record<string, string>} listMethods the list method of each locator parameter, by name
 */
function locatorScopes(code, name, locator, listMethods) {
	const keys = [];
	if (locator.mode === 'list' && Object.hasOwn(listMethods, name))
		keys.push(...LISTS[/** @type {keyof typeof LISTS} */ (listMethods[name])].routes);
	const value = String(locator.value ?? '');
	/** An expression, or not an ID of that kind. @param {'company' | 'event'} kind */
	const mayBeName = (kind) => value.startsWith('=') || !code.ID_PATTERNS[kind].test(value);
	if (name === 'company' && (locator.mode === 'url' || mayBeName('company')))
		keys.push(NAME_LOOKUPS.company);
	if (name === 'event' && locator.mode !== 'url' && mayBeName('event'))
		keys.push(NAME_LOOKUPS.event);
	return routeScopes(code, keys);
}

/**
 * Every scope a workflow's Event Registration nodes need, sorted, each once.
 * @param {WorkflowCode} code @param {{ nodes: WorkflowNode[] }} workflow
 * @param {Record<string, string>} listMethods the list method of each locator parameter, by name
 */
function workflowScopes(code, workflow, listMethods) {
	const usesCredential = workflow.nodes.some((node) =>
		Object.values(NODE_TYPES).some((type) => type.test(node.type)),
	);
	const credentialTest = usesCredential ? routeScopes(code, [CREDENTIAL_TEST_ROUTE]) : [];
	const scopes = workflow.nodes.flatMap((node) => {
		const parameters = node.parameters ?? {};
		const locators = Object.entries(parameters)
			.filter(([, value]) => isResourceLocator(value))
			.flatMap(([name, value]) => locatorScopes(code, name, value, listMethods));
		if (NODE_TYPES.action.test(node.type)) {
			const key = `${parameters.resource}.${parameters.operation}`;
			const own = Object.hasOwn(code.ROUTES, key) ? routeScopes(code, [key]) : [];
			const lookups = (operationLookups()[key] ?? []).flatMap((l) => routeScopes(code, [l.route]));
			const webhook =
				parameters.resource === 'webhook'
					? subscribeScopes(code, parameters.events ?? parameters.updateFields?.events)
					: [];
			return [...own, ...lookups, ...webhook, ...locators];
		}
		if (NODE_TYPES.webhookTrigger.test(node.type))
			return [...subscribeScopes(code, parameters.events), ...locators];
		if (NODE_TYPES.orderTrigger.test(node.type)) {
			const allEvents = parameters.events === 'all' ? routeScopes(code, ['event.getMany']) : [];
			return [...routeScopes(code, ['order.getMany']), ...allEvents, ...locators];
		}
		return [];
	});
	return [...new Set([...credentialTest, ...scopes])].sort();
}

/**
 * What needs a scope besides the operations' own requests.
 * @param {Pick<ScopeCode, 'ROUTES'>} code @param {string} scope
 * @param {(key: string) => string} label an operation (`resource.operation`) as the editor names it
 */
function otherUses(code, scope, label) {
	const needs = (/** @type {string[]} */ keys) => routeScopes(code, keys).includes(scope);
	const listed = Object.values(LISTS).filter((list) => needs(list.routes));
	const lists = [...new Set(listed.map((list) => list.name))];
	const lookups = Object.entries(operationLookups()).flatMap(([key, list]) =>
		list.filter((l) => needs([l.route])).map((l) => `${label(key)} (${l.why})`),
	);
	const names = Object.entries(NAME_LOOKUPS)
		.filter(([, key]) => needs([key]))
		.map(([name]) =>
			name === 'company' ? 'a Company given by name or URL' : 'an Event given by name',
		);
	const orderTrigger = needs(['order.getMany']) ? ['the Order Trigger'] : [];
	return [
		...(lists.length
			? [`the ${lists.join(', ')} list${lists.length > 1 ? 's' : ''} in the editor`]
			: []),
		...lookups,
		...names,
		...orderTrigger,
	];
}

module.exports = { CREDENTIAL_TEST_ROUTE, LISTS, otherUses, workflowScopes };
