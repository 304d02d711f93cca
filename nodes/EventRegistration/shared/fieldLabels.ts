import type { INodeProperties } from 'n8n-workflow';

import type { FieldLabels } from '../../shared/errorHtml';
import { fieldErrors } from '../../shared/httpErrors';
import { ATTRIBUTE_NAMES } from '../../shared/formFields';
import type { FieldAttribute } from '../../shared/formFields';

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Parameter names (and their snake_case API form) to display names, collection options included. */
function parameterLabels(
	properties: readonly INodeProperties[],
	labels: FieldLabels = Object.create(null) as FieldLabels,
): FieldLabels {
	for (const property of properties) {
		if (property.type === 'notice') continue;
		labels[property.name] ??= property.displayName;
		labels[snakeCase(property.name)] ??= property.displayName;
		for (const option of property.options ?? []) {
			if ('values' in option) parameterLabels(option.values, labels);
			else if ('displayName' in option && 'type' in option) parameterLabels([option], labels);
		}
	}
	return labels;
}

const FIELD_ATTRIBUTE_LABELS: Record<string, string> = {
	...ATTRIBUTE_NAMES,
	id: 'ID',
	type: 'Type',
	label: 'Label',
} satisfies Partial<Record<FieldAttribute | 'id' | 'type' | 'label', string>>;

/** `fields.0.label` → "Field 1 Label"; `form.Vb4nK2xP` → "Form Answers › Vb4nK2xP". */
function nestedLabel(key: string): string | undefined {
	const field = /^fields\.(\d+)(?:\.(\w+))?$/.exec(key);
	if (field)
		return `Field ${Number(field[1]) + 1}${field[2] ? ` ${FIELD_ATTRIBUTE_LABELS[field[2]] ?? field[2]}` : ''}`;
	const answer = /^form\.(.+)$/.exec(key);
	return answer ? `Form Answers › ${answer[1]}` : undefined;
}

/** Labels for the fields a 422 body names, as the operation's parameters show them. */
export function fieldLabelsFor(body: unknown, properties: readonly INodeProperties[]): FieldLabels {
	const known = parameterLabels(properties);
	const labels: FieldLabels = Object.create(null) as FieldLabels;
	for (const key of Object.keys(fieldErrors(body))) {
		const label = Object.hasOwn(known, key) ? known[key] : nestedLabel(key);
		if (label !== undefined) labels[key] = label;
	}
	return labels;
}
