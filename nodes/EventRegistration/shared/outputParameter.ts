import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { editorLabel } from '../../shared/descriptions';
import { ListResult } from '../../shared/pagination';
import { InputError } from '../../shared/inputErrors';
import { listEnvelope } from './modelEnvelope';
import { outputForModel, withModelDefault } from './modelVersion';
import { RECORD_SHAPES, noteOf } from './records';
import type { RecordKind, RecordShape } from './records';

/*
 * What the node returns for records, following n8n's Output choice (Simplified / Raw / Selected
 * Fields), and the form a model gets: a model reads the output items' JSON as text, so lists
 * reach it trimmed, bounded and with a word when the Limit cut them (modelEnvelope.ts).
 */

/** The Output parameter's values. */
type OutputMode = 'simple' | 'raw' | 'fields';

/** Output and Selected Fields for one kind of record. */
export function outputProperties(kind: RecordKind): INodeProperties[] {
	const shape: RecordShape = RECORD_SHAPES[kind];
	const output: INodeProperties = {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		default: 'raw',
		description: 'How much of each record to return; Simplified suits AI agents and MCP clients',
		options: [
			{ name: 'Raw', value: 'raw', description: 'Every field the service returns' },
			{ name: 'Selected Fields', value: 'fields', description: 'Only the fields you choose' },
			{
				name: 'Simplified',
				value: 'simple',
				description: `Only ${shape.simple.map(editorLabel).join(', ')}`,
			},
		],
	};
	return [
		...withModelDefault(output, 'raw', 'simple'),
		{
			displayName: 'Fields',
			name: 'outputFields',
			type: 'multiOptions',
			default: [],
			description: 'The fields to return',
			options: shape.fields.map((field) => ({ name: editorLabel(field), value: field })),
			displayOptions: { show: { output: ['fields'] } },
		},
	];
}

function pick(record: IDataObject, fields: readonly string[]): IDataObject {
	const picked: IDataObject = {};
	for (const key of fields.flatMap((field) => [field, noteOf(field)])) {
		if (Object.prototype.hasOwnProperty.call(record, key)) picked[key] = record[key];
	}
	return picked;
}

/** The Output choice of the current item; the version's default when the parameter is not shown. */
function outputModeOf(ctx: IExecuteFunctions, itemIndex: number): OutputMode {
	const mode = ctx.getNodeParameter('output', itemIndex, outputForModel(ctx) ? 'simple' : 'raw');
	return mode === 'simple' || mode === 'fields' ? mode : 'raw';
}

/** The fields the current item's Output keeps, or undefined for Raw (every field). */
export function outputFieldsOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: RecordKind,
): readonly string[] | undefined {
	const mode = outputModeOf(ctx, itemIndex);
	if (mode === 'raw') return undefined;
	if (mode === 'simple') return RECORD_SHAPES[kind].simple;
	const fields = ctx.getNodeParameter('outputFields', itemIndex, []);
	const chosen = (Array.isArray(fields) ? fields : String(fields).split(','))
		.map((f) => String(f).trim())
		.filter(Boolean);
	if (chosen.length === 0) {
		throw new InputError(
			ctx.getNode(),
			'Fields',
			'choose at least one field',
			`Output is Selected Fields: choose the fields to return (e.g. ${RECORD_SHAPES[kind].simple.slice(0, 3).join(', ')}), or set Output to Simplified.`,
			itemIndex,
		);
	}
	return chosen;
}

/**
 * An operation's result in the chosen Output (`fields` from `outputFieldsOf`, read before the
 * operation runs so a bad choice sends nothing): records trimmed to those fields, and, when a
 * model calls a node of version 1.1 or later, a list as one envelope item (see `listEnvelope`).
 */
export function shapeOutput(
	ctx: IExecuteFunctions,
	kind: RecordKind,
	fields: readonly string[] | undefined,
	result: IDataObject | IDataObject[] | ListResult,
	isList: boolean,
): IDataObject | IDataObject[] {
	const shape = (record: IDataObject) => (fields === undefined ? record : pick(record, fields));
	if (!(result instanceof ListResult) && !Array.isArray(result)) return shape(result);
	const list = result instanceof ListResult ? result : undefined;
	const records = (list ? list.items : (result as IDataObject[])).map(shape);
	return isList && outputForModel(ctx) ? listEnvelope(kind, records, list) : records;
}
