import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { validValues, type Invalid } from '../../shared/errors';
import { companyLocator, eventLocator, idLocator } from '../../shared/ids';
import type { IdField, PaginatedRouteKey, RouteKey, RouteParams } from '../../shared/routes';
import { apiRequest, apiRequestList } from '../../shared/transport';
import type { OperationItem, OperationModule } from '../shared/items';
import { needs, text, type Effect, type RecordKind } from '../shared/output';

type IdParam = 'form' | 'order' | 'ticketType' | 'activation' | 'template';

/** A text parameter, empty by default; `more` follows in its own order. */
export function textProperty(
	displayName: string,
	name: string,
	more: Partial<INodeProperties> = {},
): INodeProperties {
	return { displayName, name, type: 'string', default: '', ...more };
}

/**
 * An operation on one record of a company, found by its locators (Company, the event's if `event`
 * says which events, its own ID), or on a `list` the API answers in one piece. Says only what
 * differs: the route, the locators, the words, the body, what becomes of the answer.
 */
export function recordOperation(
	// A list route is read only page by page (pagination.ts).
	route: Exclude<RouteKey, PaginatedRouteKey>,
	spec: {
		option: OperationModule['operationOption'];
		event?: 'any' | 'organized';
		id?: IdParam;
		/** The node parameter holding the ID, when not named after it. */
		idParameter?: string;
		/** Parameters after the locators. */
		more?: INodeProperties[];
		/** The tool description; what it needs comes after its first sentence. */
		tool: [does: string, ...more: string[]];
		effect?: Effect;
		recordKind?: RecordKind;
		/** The checked body, read after the ID and before the locators are resolved. */
		body?: (item: OperationItem) => object | Invalid;
		qs?: (item: OperationItem) => IDataObject;
		answer?: (record: IDataObject, params: RouteParams) => IDataObject;
		list?: true;
	},
): OperationModule {
	const { event, id, idParameter = id } = spec;
	const locators = [
		companyLocator(),
		...(event ? [eventLocator({ organizingOnly: event === 'organized' })] : []),
		...(id ? [idLocator(id, idParameter)] : []),
	];
	return {
		operationOption: spec.option,
		description: [...locators, ...(spec.more ?? [])],
		toolDescription: text(
			spec.tool[0],
			needs(...locators.map(({ displayName }) => displayName as IdField)),
			...spec.tool.slice(1),
		),
		effect: spec.effect ?? 'reads',
		recordKind: spec.recordKind,
		returnsList: spec.list,
		async execute(this: IExecuteFunctions, item: OperationItem) {
			const ownId =
				id === 'activation' || id === 'template'
					? item.plainId(id, idParameter)
					: id && item.id(id);
			const body = spec.body?.(item) as IDataObject | undefined;
			const place = event ? await item.eventParams() : { company: (await item.company()).id };
			const params = validValues(item, { ...place, ...(id && { [id]: ownId }) }) as RouteParams;
			// validValues stopped the item on any input error, the body's included.
			const request = { check: item, params, body, qs: spec.qs?.(item) };
			if (spec.list) return await apiRequestList(this, route, request);
			const record = await apiRequest(this, route, request);
			return spec.answer ? spec.answer(record, params) : record;
		},
	};
}
