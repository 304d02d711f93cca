import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { runsAsTool } from '../../shared/tool';
import { VERSION_1_1 } from '../versions';

/** Whether a model calls the node and the node is of a version that shapes output for it. */
export function outputForModel(ctx: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return runsAsTool(ctx) && ctx.getNode().typeVersion >= VERSION_1_1;
}

type Show = NonNullable<IDisplayOptions['show']>;
const FOR_MODEL: Show = { '@tool': [true], '@version': [{ _cnd: { gte: VERSION_1_1 } }] };
const FOR_MODEL_V1: Show = {
	'@tool': [true],
	'@version': [{ _cnd: { lt: VERSION_1_1 } }],
};
const FOR_PEOPLE: Show = { '@tool': [false] };

/**
 * A parameter whose default differs for a model: one variant per case, so exactly one is shown.
 * People keep `forPeople`; a model calling a node of version 1 keeps it too (saved agents behave
 * as before); a model calling version 1.1 or later gets `forModel`.
 */
export function withModelDefault<T extends INodeProperties['default']>(
	property: INodeProperties,
	forPeople: T,
	forModel: T,
): INodeProperties[] {
	const show = property.displayOptions?.show ?? {};
	const variant = (extra: Show, value: T): INodeProperties => ({
		...property,
		default: value,
		displayOptions: { ...property.displayOptions, show: { ...show, ...extra } },
	});
	return [
		variant(FOR_PEOPLE, forPeople),
		variant(FOR_MODEL_V1, forPeople),
		variant(FOR_MODEL, forModel),
	];
}
