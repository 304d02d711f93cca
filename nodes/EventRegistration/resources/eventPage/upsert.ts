import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { encodeMultipart } from './multipart';
import { requireJson } from '../../shared/items';
import { validValues, invalidInput, isInvalid, type Invalid } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { needs, ORGANIZED, text } from '../../shared/output';

/** Multipart part of the header image; the reference does not name it. */
const DEFAULT_HEADER_IMAGE_FIELD = 'header_image';

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	{
		displayName: 'Page Fields',
		name: 'pageFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Page content to set; set any other page field in Other Page Fields (JSON)',
		options: [
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				description: 'Main text of the page',
			},
			{ displayName: 'Subtitle', name: 'subtitle', type: 'string', default: '' },
			{ displayName: 'Title', name: 'title', type: 'string', default: '' },
		],
	},
	{
		displayName: 'Other Page Fields (JSON)',
		name: 'additionalFields',
		type: 'json',
		default: '{}',
		description:
			'Page fields not listed in Page Fields, as a JSON object, e.g. {"venue_name": "Expo Hall"}',
	},
	{
		displayName: 'Header Image',
		name: 'headerImage',
		type: 'boolean',
		default: false,
		description: 'Whether to upload a header image from a binary field of the input item',
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		description: 'Name of the binary field of the input item that holds the image',
		displayOptions: { show: { headerImage: [true] } },
	},
	{
		displayName: 'Image Options',
		name: 'imageOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { headerImage: [true] } },
		options: [
			{
				displayName: 'Image Field Name',
				name: 'headerImageField',
				type: 'string',
				default: DEFAULT_HEADER_IMAGE_FIELD,
				description: `Name under which the service expects the image (default ${DEFAULT_HEADER_IMAGE_FIELD}); change it only if your service names it differently`,
			},
		],
	},
];

export const operationOption = {
	name: 'Create or Update',
	action: 'Create or update event page',
	description: 'Create a new record, or update the current one if it already exists (upsert)',
};

export const toolDescription = text(
	`Create or update the public page content (title, subtitle, description) of ${ORGANIZED}.`,
	needs('Company', 'Event'),
	'Returns the page content as saved.',
);

export const effect = { changes: 'the event’s public page, which attendees see' };

/** Page Fields and Other Page Fields (JSON) together, or INVALID when that is nothing and no header image is sent. */
function pageBody(item: OperationItem, withImage: boolean): IDataObject | Invalid {
	const fields = item.parameter('pageFields', {}) as IDataObject;
	const label = 'Other Page Fields (JSON)';
	const fix = 'Enter a JSON object, e.g. {"venue_name": "Expo Hall"}.';
	const other = requireJson(item, label, item.parameter('additionalFields', '{}'), {}, fix);
	if (isInvalid(other)) return other;
	const clash = Object.keys(other).find(
		(key) => Object.hasOwn(fields, key) && fields[key] !== undefined,
	);
	if (clash !== undefined)
		return invalidInput(
			item,
			label,
			`“${clash}” is also set in Page Fields`,
			`Set ${clash} in one place only.`,
		);
	const body = { ...fields, ...other };
	if (withImage || Object.keys(body).length > 0) return body;
	return invalidInput(
		item,
		'Page Fields',
		'nothing to send',
		'Add a page field, Other Page Fields (JSON) or a header image.',
	);
}

/**
 * Flattens a JSON body into form fields the PHP way (`key[sub]`, `key[0]`), booleans as 1/0 and
 * null as an empty string, which is how a Laravel service reads multipart input.
 */
function toFormFields(body: IDataObject, prefix = ''): Record<string, string> {
	// No prototype: a field named "__proto__" is a key like any other.
	const result = Object.create(null) as Record<string, string>;
	for (const [key, value] of Object.entries(body)) {
		const name = prefix === '' ? key : `${prefix}[${key}]`;
		if (value !== null && typeof value === 'object') {
			Object.assign(result, toFormFields(value as IDataObject, name));
		} else if (typeof value === 'boolean') {
			result[name] = value ? '1' : '0';
		} else {
			result[name] = value === null || value === undefined ? '' : String(value);
		}
	}
	return result;
}

/** The header image from the item's binary data, or INVALID when it is not an image. */
async function headerImage(ctx: IExecuteFunctions, item: OperationItem) {
	const property = String(item.parameter('binaryPropertyName', 'data')).trim();
	const imageOptions = item.parameter('imageOptions', {}) as IDataObject;
	const field =
		String(imageOptions.headerImageField ?? DEFAULT_HEADER_IMAGE_FIELD).trim() ||
		DEFAULT_HEADER_IMAGE_FIELD;
	const binary = ctx.helpers.assertBinaryData(item.itemIndex, property);
	if (!binary.mimeType.startsWith('image/')) {
		return invalidInput(
			item,
			'Input Binary Field',
			`“${property}” holds ${binary.mimeType}, not an image`,
			'Point Input Binary Field at an image (PNG, JPEG, WebP, …).',
		);
	}
	const data = await ctx.helpers.getBinaryDataBuffer(item.itemIndex, property);
	const fileName = binary.fileName ?? `header.${binary.fileExtension ?? 'img'}`;
	return { field, fileName, mimeType: binary.mimeType, data };
}

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const withImage = item.parameter('headerImage', false) as boolean;
	const checked = pageBody(item, withImage);
	const image = withImage ? await headerImage(this, item) : undefined;
	const params = await item.eventParams();
	const { body, file } = validValues(item, { body: checked, file: image });
	return await apiRequest(this, 'eventPage.upsert', {
		check: item,
		params,
		body: file === undefined ? body : encodeMultipart(toFormFields(body), [file]),
	});
}
