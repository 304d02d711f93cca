import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { validValues } from '../../shared/errors';
import { companyLocator } from '../../shared/ids';
import {
	concurrencyOption,
	pageSizeOption,
	DEFAULT_CONCURRENCY,
	DEFAULT_PAGE_SIZE,
	DEFAULT_PAGE_SIZE_ASKED,
	paginateList,
} from '../../shared/pagination';
import type { ListResult } from '../../shared/pagination';
import { requireInteger } from './items';
import type { OperationItem, OperationModule } from './items';
import {
	LIST,
	MODEL_MAX_RECORDS,
	RECORD_SHAPES,
	needs,
	outputForModel,
	text,
	withModelDefault,
} from './output';

/* The parameters of a Get Many (Return All, Limit, paging, a search filter) and how they are read. */

/** Limit for people (n8n's lint wants the default as a literal here). */
const LIMIT = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
} satisfies INodeProperties;
/** A first page a model can read: Limit's default for a model (node version 1.1 or later). */
const MODEL_DEFAULT_LIMIT = 20;

export function limitProperties(): INodeProperties[] {
	return withModelDefault(LIMIT, LIMIT.default, MODEL_DEFAULT_LIMIT);
}

export const returnAllProperty: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

/** Return All, Limit and paging options for a paginated list. */
export function listProperties(noun: string): INodeProperties[] {
	return [
		returnAllProperty,
		...limitProperties(),
		{
			displayName: 'Paging Options',
			name: 'paging',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			description: `How ${noun} pages are fetched`,
			options: [
				concurrencyOption(
					`Pages fetched at the same time after the first (default ${DEFAULT_CONCURRENCY}). Higher is faster on large lists; the node slows down by itself when the service asks it to.`,
				),
				pageSizeOption(
					DEFAULT_PAGE_SIZE_ASKED,
					`Items to ask for per page (default ${DEFAULT_PAGE_SIZE_ASKED}). The service documents pages of ${DEFAULT_PAGE_SIZE}; a larger page saves requests only where the service allows it, otherwise pages of ${DEFAULT_PAGE_SIZE} are read. ${DEFAULT_PAGE_SIZE} always asks for the documented size.`,
				),
			],
		},
	];
}

/**
 * Return All, Limit and Paging Options as paginate options; for a model, with the bound of one tool
 * call, refused before more pages are fetched (`plural` names the records in its error).
 */
export function readListOptions(ctx: IExecuteFunctions, item: OperationItem, plural: string) {
	const returnAll = item.parameter('returnAll', false) as boolean;
	const paging = item.parameter('paging', {}) as IDataObject;
	const defaultLimit = outputForModel(ctx) ? MODEL_DEFAULT_LIMIT : LIMIT.default;
	// The last check before the listing's first request.
	const { limit } = validValues(item, {
		limit: returnAll
			? undefined
			: requireInteger(
					item,
					'Limit',
					item.parameter('limit', defaultLimit),
					1,
					"Use 1 or more, or turn on 'Return All'.",
				),
	});
	const tooMany = (wanted: number) =>
		// An AI Agent hands its model the message alone: the fix is in it.
		new NodeOperationError(
			ctx.getNode(),
			`This call would return ${wanted} ${plural}, more than the ${MODEL_MAX_RECORDS} one call returns: turn Return All off and set Limit to ${MODEL_MAX_RECORDS} or less, or narrow the list (a filter such as Name Contains, or another event)`,
			{ itemIndex: item.itemIndex },
		);
	return {
		check: item,
		atMost: outputForModel(ctx) ? { count: MODEL_MAX_RECORDS, tooMany } : undefined,
		limit,
		concurrency: typeof paging.concurrency === 'number' ? paging.concurrency : undefined,
		// Unset means the option's default; 15 or less sends no per_page (see paginate).
		perPage: typeof paging.perPage === 'number' ? paging.perPage : DEFAULT_PAGE_SIZE_ASKED,
	};
}

/**
 * Get Many of a company's activations, events or forms: the same list of the company, searched
 * by the API's `q` (case-sensitive) on one text field. What differs is the record, that field and
 * the words.
 */
export function companyListOperation(
	kind: 'activation' | 'event' | 'form',
	searchedField: 'name' | 'title',
	words: { description: string; toolDescription: string; returns: string },
): OperationModule {
	const plural = RECORD_SHAPES[kind].plural;
	return {
		operationOption: {
			name: 'Get Many',
			action: `Get many ${plural}`,
			description: words.description,
		},
		description: [
			companyLocator(),
			...listProperties(kind),
			{
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				options: [
					{
						displayName: `${searchedField === 'name' ? 'Name' : 'Title'} Contains`,
						name: 'q',
						type: 'string',
						default: '',
						description: `Only ${plural} whose ${searchedField} contains this text (case-sensitive)`,
					},
				],
			},
		],
		toolDescription: text(words.toolDescription, needs('Company'), LIST, words.returns),
		effect: 'reads',
		recordKind: kind,
		returnsList: true,
		async execute(this: IExecuteFunctions, item: OperationItem): Promise<ListResult> {
			const company = await item.company();
			const { q } = item.parameter('filters', {}) as IDataObject;
			return await paginateList(this, `${kind}.getMany`, {
				params: { company: company.id },
				qs: q ? { q } : {},
				...readListOptions(this, item, plural),
			});
		},
	};
}
