// @ts-check
/**
 * Which scopes a token needs, from the route table (nodes/shared/routes.ts): for an operation of the
 * action node (its route and its lookups), for a list in the editor, for a value given by name or
 * URL, and for a whole workflow (the examples' sticky notes list exactly what `workflowScopes` gives;
 * test/unit/exampleScopes.test.ts checks it). docs/credentials.md's scopes table is generated from it.
 */

/** Each list of the editor, by its method (`searchListMethod` or `loadOptionsMethod`): the field it fills, as the editor names it, and the routes it calls. */
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
 * Lookups an operation makes besides its own request, with why (see the operation's file):
 * Order → Create reads the ticket type (quantity bounds) and the companies (the slug of checkout_url);
 * Public URL → Build reads the companies (the slug, or the sqid of a slug) and the ticket type (Has Form → Auto-Detect);
 * Form → Update reads the form before changing fields.
 */
const OPERATION_LOOKUPS = {
	'order.create': [
		{ route: 'ticketType.get', why: 'quantity check' },
		{ route: 'company.getMany', why: 'checkout link' },
	],
	'publicUrl.build': [
		{ route: 'company.getMany', why: 'company slug' },
		{ route: 'ticketType.get', why: 'Has Form → Auto-Detect' },
	],
	'form.update': [{ route: 'form.get', why: 'checks against the current fields' }],
};

/** A value the node matches by name (`resolveCompanyId`, `resolveEventId`): the list it reads. */
const NAME_LOOKUPS = { company: 'company.getMany', event: 'event.getMany' };
/** A company ID is a sqid; anything else (a name, a slug, an expression that may give one) is looked up. */
const COMPANY_ID = /^[A-Za-z0-9]+$/;
/** An event ID is a slug. */
const EVENT_ID = /^[a-z0-9][a-z0-9_-]*$/;

const NODE_TYPES = {
	action: /\.eventRegistration(Tool)?$/,
	webhookTrigger: /\.eventRegistrationTrigger$/,
	orderTrigger: /\.eventRegistrationOrderTrigger$/,
};

/**
 * @typedef {{ scopes: readonly string[] }} Route
 * @typedef {{ ROUTES: Record<string, Route>; WEBHOOK_EVENTS: ReadonlyArray<{ value: string; scope: string }> }} ScopeCode
 * @typedef {{ type: string; parameters?: Record<string, any> }} WorkflowNode
 */

/** @param {ScopeCode} code @param {readonly string[]} keys */
function routeScopes(code, keys) {
	return keys.flatMap((key) => {
		if (!Object.prototype.hasOwnProperty.call(code.ROUTES, key))
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

/** @param {unknown} value */
const isResourceLocator = (value) =>
	typeof value === 'object' && value !== null && /** @type {any} */ (value).__rl === true;

/**
 * The scopes one resource-locator parameter of a saved node needs: its list when it is set from
 * the list, a lookup when its value is (or may be) a name or a URL.
 * @param {ScopeCode} code @param {string} name @param {{ mode: string; value: unknown }} locator
 * @param {Record<string, string>} listMethods the list method of each locator parameter, by name
 */
function locatorScopes(code, name, locator, listMethods) {
	const keys = [];
	if (locator.mode === 'list' && Object.prototype.hasOwnProperty.call(listMethods, name))
		keys.push(...LISTS[/** @type {keyof typeof LISTS} */ (listMethods[name])].routes);
	const value = String(locator.value ?? '');
	const expression = value.startsWith('=');
	if (name === 'company' && (locator.mode === 'url' || expression || !COMPANY_ID.test(value)))
		keys.push(NAME_LOOKUPS.company);
	if (name === 'event' && locator.mode !== 'url' && (expression || !EVENT_ID.test(value)))
		keys.push(NAME_LOOKUPS.event);
	return routeScopes(code, keys);
}

/**
 * Every scope a workflow's Event Registration nodes need: their operations and lookups, the lists
 * their locators are set from, the values that are looked up by name, and what each trigger reads
 * and subscribes to. Sorted, each once.
 * @param {ScopeCode} code @param {{ nodes: WorkflowNode[] }} workflow
 * @param {Record<string, string>} listMethods the list method of each locator parameter, by name
 */
function workflowScopes(code, workflow, listMethods) {
	const scopes = workflow.nodes.flatMap((node) => {
		const parameters = node.parameters ?? {};
		const locators = Object.entries(parameters)
			.filter(([, value]) => isResourceLocator(value))
			.flatMap(([name, value]) => locatorScopes(code, name, value, listMethods));
		if (NODE_TYPES.action.test(node.type)) {
			const key = `${parameters.resource}.${parameters.operation}`;
			const own = Object.prototype.hasOwnProperty.call(code.ROUTES, key)
				? routeScopes(code, [key])
				: [];
			const lookups = routeScopes(
				code,
				(OPERATION_LOOKUPS[/** @type {keyof typeof OPERATION_LOOKUPS} */ (key)] ?? []).map(
					(l) => l.route,
				),
			);
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
	return [...new Set(scopes)].sort();
}

/**
 * What needs each scope besides the action node's own requests: the editor's lists, the lookups
 * of operations, values given by name or URL, and the Order Trigger.
 * @param {ScopeCode} code @param {string} scope
 * @param {(resource: string, operation: string) => string} label an operation as the editor names it
 */
function otherUses(code, scope, label) {
	const lists = [
		...new Set(
			Object.values(LISTS)
				.filter((list) => routeScopes(code, list.routes).includes(scope))
				.map((list) => list.name),
		),
	];
	const lookups = Object.entries(OPERATION_LOOKUPS).flatMap(([key, list]) =>
		list
			.filter((l) => routeScopes(code, [l.route]).includes(scope))
			.map((l) => `${label(.../** @type {[string, string]} */ (key.split('.')))} (${l.why})`),
	);
	const names = Object.entries(NAME_LOOKUPS)
		.filter(([, key]) => routeScopes(code, [key]).includes(scope))
		.map(([name]) =>
			name === 'company' ? 'a Company given by name or URL' : 'an Event given by name',
		);
	const orderTrigger = routeScopes(code, ['order.getMany']).includes(scope)
		? ['the Order Trigger']
		: [];
	return [
		...(lists.length
			? [`the ${lists.join(', ')} list${lists.length > 1 ? 's' : ''} in the editor`]
			: []),
		...lookups,
		...names,
		...orderTrigger,
	];
}

module.exports = { LISTS, otherUses, workflowScopes };
