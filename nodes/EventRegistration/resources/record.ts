import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { validValues } from '../../shared/errors';
import { companyLocator, eventLocator, idLocator } from '../../shared/ids';
import type { IdField, RouteKey, RouteParams } from '../../shared/routes';
import { apiRequest } from '../../shared/transport';
import type { OperationItem } from '../shared/items';
import { needs, text, type Effect, type RecordKind } from '../shared/output';
import type { OperationModule } from './modules';

type IdParam = 'form' | 'order' | 'ticketType' | 'activation' | 'template';

/**
 * An operation on one record of a company, found by its locators (Company, the event's if `event`
 * says which events, its own ID), whose request has no body. Says only what differs: the route,
 * the locators, the words, and what becomes of the answer.
 */
export function recordOperation(
	route: RouteKey,
	spec: {
		option: OperationModule['operationOption'];
		event?: 'any' | 'organized';
		id?: IdParam;
		/** The node parameter holding the ID, when not named after it. */
		idParameter?: string;
		/** Parameters after the locators. */
		more?: INodeProperties[];
		/** The tool description's first and last sentence; what it needs comes between. */
		tool: [does: string, returns: string];
		effect?: Effect;
		recordKind?: RecordKind;
		qs?: (item: OperationItem) => IDataObject;
		answer?: (record: IDataObject, params: RouteParams) => IDataObject;
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
			spec.tool[1],
		),
		effect: spec.effect ?? 'reads',
		recordKind: spec.recordKind,
		async execute(this: IExecuteFunctions, item: OperationItem) {
			const ownId =
				id === 'activation' || id === 'template'
					? item.plainId(id, idParameter)
					: id && item.id(id);
			const place = event ? await item.eventParams() : { company: (await item.company()).id };
			const params = validValues(item, { ...place, ...(id && { [id]: ownId }) }) as RouteParams;
			const record = await apiRequest(this, route, { check: item, params, qs: spec.qs?.(item) });
			return spec.answer ? spec.answer(record, params) : record;
		},
	};
}
