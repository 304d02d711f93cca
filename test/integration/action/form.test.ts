import type { IDataObject } from 'n8n-workflow';

import { rl, runAction } from '../../helpers/action';
import { nodeParams, runInvalid, runOk } from '../../helpers/runs';
import { useSandbox } from '../../helpers/sandbox';
import type { Sandbox } from '../../helpers/sandbox';

const sandbox = useSandbox();
let sb: Sandbox;

beforeEach(() => {
	sb = sandbox();
});

function formParams(operation: string, extra: IDataObject): IDataObject {
	return { resource: 'form', operation, company: rl(sb.demo.companyId), ...extra };
}

const api = (path: string) => `/api/v1/${sb.demo.companyId}${path}`;

describe('Form → Create', () => {
	it('sends the fields from the editor, each with only the attributes its type supports', async () => {
		const run = await runOk(
			sb,
			formParams('create', {
				name: 'Partner intake',
				fields: {
					field: [
						{
							type: 'text',
							label: 'Badge name',
							placeholder: 'As printed',
							description: 'Max 20 letters',
							required: true,
							position: 0,
						},
						{ type: 'number', label: 'Team size', range: { min: 1, max: 50 }, position: 1 },
						{
							type: 'select',
							label: 'Track',
							choices: {
								choice: [
									{ label: 'Product', value: 'product' },
									{ label: 'Engineering', value: '' },
								],
							},
							position: 2,
						},
						{
							type: 'option',
							label: 'Size',
							choices: { choice: [{ label: 'S' }, { label: 'M' }] },
							position: 3,
						},
						{ type: 'consent', label: 'I agree to the terms', required: true, position: 4 },
					],
				},
			}),
		);

		const [request] = sb.control.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: api('/forms/create'),
			query: {},
			contentType: 'application/json',
		});
		expect(request.body).toEqual({
			name: 'Partner intake',
			fields: [
				{
					type: 'text',
					label: 'Badge name',
					placeholder: 'As printed',
					description: 'Max 20 letters',
					required: true,
					position: 0,
				},
				{ type: 'number', label: 'Team size', min: 1, max: 50, required: false, position: 1 },
				{
					type: 'select',
					label: 'Track',
					options: [
						{ label: 'Product', value: 'product' },
						{ label: 'Engineering', value: 'Engineering' },
					],
					required: false,
					position: 2,
				},
				{ type: 'option', label: 'Size', options: ['S', 'M'], required: false, position: 3 },
				{ type: 'consent', label: 'I agree to the terms', required: true, position: 4 },
			],
		});
		expect(sb.control.requests()).toHaveLength(1);

		expect(run.json).toHaveLength(1);
		const form = run.json[0];
		expect(form).toMatchObject({ name: 'Partner intake' });
		expect(typeof form.id).toBe('string');
		const fields = form.fields as IDataObject[];
		expect(fields.map((f) => [f.type, f.label])).toEqual([
			['text', 'Badge name'],
			['number', 'Team size'],
			['select', 'Track'],
			['option', 'Size'],
			['consent', 'I agree to the terms'],
		]);
		expect(fields[1]).toMatchObject({ min: 1, max: 50 });
		expect(fields.every((f) => typeof f.id === 'string')).toBe(true);
	});

	it('accepts the fields as a JSON array from an expression (spreadsheet-driven)', async () => {
		const rows = [
			{ type: 'text', label: 'Dietary wishes', placeholder: 'e.g. vegan', position: 0 },
			{ type: 'phone', label: 'Mobile', required: true, position: 1 },
			{ type: 'select', label: 'Shirt', options: ['S', 'M', 'L'], position: 2 },
		];
		const run = await runOk(
			sb,
			formParams('create', {
				name: '={{ $json.name }}',
				fieldsInput: 'json',
				fieldsJson: '={{ $json.fields }}',
			}),
			{ inputItems: [{ json: { name: 'Sheet form', fields: rows } }] },
		);
		const [request] = sb.control.requests();
		expect(request).toMatchObject({ method: 'POST', path: api('/forms/create') });
		expect(request.body).toEqual({ name: 'Sheet form', fields: rows });
		expect((run.json[0].fields as IDataObject[]).map((f) => f.label)).toEqual([
			'Dietary wishes',
			'Mobile',
			'Shirt',
		]);
	});

	it('accepts the fields as JSON text', async () => {
		await runOk(
			sb,
			formParams('create', {
				name: 'Text JSON',
				fieldsInput: 'json',
				fieldsJson: '[{"type": "rating", "label": "Score"}]',
			}),
		);
		expect(sb.control.requests()[0].body).toEqual({
			name: 'Text JSON',
			fields: [{ type: 'rating', label: 'Score' }],
		});
	});

	describe('refuses invalid fields before any request', () => {
		it('two common fields of one type', async () => {
			const error = await runInvalid(
				sb,
				formParams('create', {
					name: 'Dup',
					fields: {
						field: [
							{ type: 'phone', label: 'Mobile' },
							{ type: 'phone', label: 'Office' },
						],
					},
				}),
			);
			expect(error.message).toBe(
				'Field 2 “Office”: a form can have only one phone field, and Field 1 “Mobile” is one',
			);
			expect(error.description).toBe(
				'Remove this field, or change Field 1 “Mobile” instead (give its ID).',
			);
		});

		it('a consent label of 10,001 characters', async () => {
			const error = await runInvalid(
				sb,
				formParams('create', {
					name: 'Long consent',
					fieldsInput: 'json',
					fieldsJson: JSON.stringify([{ type: 'consent', label: 'a'.repeat(10_001) }]),
				}),
			);
			expect(error.message).toBe(
				'Field 1 “aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…”: the consent label has 10001 characters, more than the 10,000 allowed',
			);
		});

		it('an option field without options', async () => {
			const error = await runInvalid(
				sb,
				formParams('create', {
					name: 'No options',
					fields: { field: [{ type: 'option', label: 'Pick one' }] },
				}),
			);
			expect(error.message).toBe('Field 1 “Pick one”: option fields need Options');
		});

		it('a select field without options', async () => {
			const error = await runInvalid(
				sb,
				formParams('create', {
					name: 'No options',
					fieldsInput: 'json',
					fieldsJson: '[{"type": "select", "label": "Pick", "options": []}]',
				}),
			);
			expect(error.message).toBe('Field 1 “Pick”: select fields need Options');
		});

		it('a negative position', async () => {
			const error = await runInvalid(
				sb,
				formParams('create', {
					name: 'Negative',
					fields: { field: [{ type: 'text', label: 'First', position: -1 }] },
				}),
			);
			expect(error.message).toBe(
				'Field 1 “First”: Position must be a whole number of at least 0 (got -1)',
			);
		});

		it('a placeholder on a type that does not support it', async () => {
			const error = await runInvalid(
				sb,
				formParams('create', {
					name: 'Placeholder',
					fieldsInput: 'json',
					fieldsJson:
						'[{"type": "text", "label": "Ok"}, {"type": "date", "label": "Arrival", "placeholder": "dd-mm-yyyy"}]',
				}),
			);
			expect(error.message).toBe('Field 2 “Arrival”: Placeholder is not supported on date fields');
			expect(error.description).toBe(
				'Remove Placeholder from this field; it is supported on text, textarea, number, url, social_url.',
			);
		});

		it('JSON that is not an array of fields', async () => {
			const error = await runInvalid(
				sb,
				formParams('create', { name: 'Bad', fieldsInput: 'json', fieldsJson: '{"type": "text"}' }),
			);
			expect(error.message).toBe('Fields (JSON): must be an array of objects');
		});
	});

	it('shows a 422 from the service field by field', async () => {
		const run = await runAction(
			sb,
			nodeParams(
				formParams('create', {
					name: 'n'.repeat(256),
					fields: {
						field: [{ type: 'text', label: 'Long help', description: 'd'.repeat(65_536) }],
					},
				}),
			),
		);
		const [request] = sb.control.requests();
		expect(request).toMatchObject({ method: 'POST', path: api('/forms/create'), status: 422 });
		expect(run.error?.message).toBe(
			'The service rejected the input (422): The name field must not be greater than 255 characters. (and 1 more error)',
		);
		expect(run.error?.description).toBe(
			'Fix these fields:<ul><li>Name: The name field must not be greater than 255 characters.</li><li>Field 1 Description: The fields.0.description field must not be greater than 65535 characters.</li></ul>',
		);
	});
});

describe('Form → Get', () => {
	it('gets one form with its fields', async () => {
		const run = await runOk(sb, formParams('get', { form: rl(sb.demo.forms.workshopFeedback) }));
		expect(sb.control.requests()).toMatchObject([
			{
				method: 'GET',
				path: api(`/forms/${sb.demo.forms.workshopFeedback}`),
				query: {},
				status: 200,
			},
		]);
		expect(run.json).toHaveLength(1);
		expect(run.json[0]).toMatchObject({
			id: sb.demo.forms.workshopFeedback,
			name: 'Workshop feedback',
		});
		expect((run.json[0].fields as IDataObject[]).map((f) => f.type)).toEqual([
			'rating',
			'textarea',
		]);
	});
});

describe('Form → Get Many', () => {
	it('returns all forms across several pages', async () => {
		const company = sb.control.createCompany({ name: 'Paging Co' });
		sb.control.addForms(company.id, 32, { namePrefix: 'Paged' });
		const run = await runOk(sb, {
			resource: 'form',
			operation: 'getMany',
			company: rl(company.id),
			returnAll: true,
		});

		const requests = sb.control.requests();
		expect(requests.map((r) => [r.method, r.path, r.query.page])).toEqual([
			['GET', `/api/v1/${company.id}/forms`, '1'],
			['GET', `/api/v1/${company.id}/forms`, '2'],
			['GET', `/api/v1/${company.id}/forms`, '3'],
		]);
		expect(run.json).toHaveLength(32);
		expect(run.json.map((f) => f.name)).toEqual(
			Array.from({ length: 32 }, (_, i) => `Paged ${i + 1}`),
		);
		expect(new Set(run.json.map((f) => f.id)).size).toBe(32);
	});

	it('filters by name (q) and stops at the limit', async () => {
		const run = await runOk(sb, formParams('getMany', { limit: 1, filters: { q: 'Attendee' } }));
		expect(sb.control.requests()).toMatchObject([
			{ method: 'GET', path: api('/forms'), query: { q: 'Attendee', page: '1' } },
		]);
		expect(run.json).toHaveLength(1);
		expect(run.json[0]).toMatchObject({
			id: sb.demo.forms.attendeeDetails,
			name: 'Attendee details',
		});
	});

	it('sends the filter as typed: the service matches case-sensitively', async () => {
		const run = await runOk(
			sb,
			formParams('getMany', { returnAll: true, filters: { q: 'attendee' } }),
		);
		expect(sb.control.requests()[0].query).toEqual({ q: 'attendee', page: '1', per_page: '100' });
		expect(run.json).toEqual([]);
	});
});

/** A form to update, made through Form → Create; the requests so far are cleared. */
async function newForm(fields: IDataObject[]): Promise<{ id: string; fields: IDataObject[] }> {
	const run = await runOk(
		sb,
		formParams('create', {
			name: 'To update',
			fieldsInput: 'json',
			fieldsJson: JSON.stringify(fields),
		}),
	);
	sb.control.clearRequests();
	return run.json[0] as { id: string; fields: IDataObject[] };
}

describe('Form → Update', () => {
	it('renames, changes an existing field by ID and adds a new field', async () => {
		const created = await newForm([
			{ type: 'text', label: 'Company', position: 0 },
			{ type: 'select', label: 'Size', options: ['S', 'M'], position: 1 },
		]);
		const size = created.fields.find((f) => f.label === 'Size')!;
		const run = await runOk(
			sb,
			formParams('update', {
				form: rl(created.id),
				formUpdates: { name: 'Renamed' },
				fields: {
					field: [
						{
							id: size.id,
							type: 'select',
							label: 'Shirt size',
							required: 'required',
							position: '1',
						},
						{ type: 'job_title', label: 'Role', position: '2' },
					],
				},
			}),
		);

		const requests = sb.control.requests();
		expect(requests.map((r) => [r.method, r.path])).toEqual([
			['GET', api(`/forms/${created.id}`)],
			['PATCH', api(`/forms/${created.id}`)],
		]);
		expect(requests[1].body).toEqual({
			name: 'Renamed',
			fields: [
				{
					id: size.id,
					type: 'select',
					label: 'Shirt size',
					required: true,
					position: 1,
					options: ['S', 'M'],
				},
				{ type: 'job_title', label: 'Role', position: 2 },
			],
		});
		const form = run.json[0];
		expect(form.name).toBe('Renamed');
		expect(
			(form.fields as IDataObject[]).map((f) => [f.id === size.id, f.type, f.label, f.required]),
		).toEqual([
			[false, 'text', 'Company', false],
			[true, 'select', 'Shirt size', true],
			[false, 'job_title', 'Role', false],
		]);
	});

	it('editor: changing only the label keeps Required, Position and the other attributes (sandbox’s stored form)', async () => {
		const created = await newForm([
			{
				type: 'text',
				label: 'Badge name',
				placeholder: 'As printed',
				description: 'Max 20 letters',
				required: true,
				position: 3,
			},
			{ type: 'number', label: 'Team size', min: 1, max: 50, required: false, position: 4 },
		]);
		const [badge, team] = created.fields;
		await runOk(
			sb,
			formParams('update', {
				form: rl(created.id),
				fields: {
					field: [
						{ id: badge.id, label: 'Name on badge' },
						{ id: team.id, label: 'Team' },
					],
				},
			}),
		);

		const patch = sb.control.requests()[1];
		expect(patch.body).toEqual({
			fields: [
				{
					id: badge.id,
					type: 'text',
					label: 'Name on badge',
					placeholder: 'As printed',
					description: 'Max 20 letters',
					required: true,
					position: 3,
				},
				{
					id: team.id,
					type: 'number',
					label: 'Team',
					min: 1,
					max: 50,
					required: false,
					position: 4,
				},
			],
		});
		const stored = (await runOk(sb, formParams('get', { form: rl(created.id) }))).json[0]
			.fields as IDataObject[];
		expect(
			stored.map((f) => [f.label, f.required, f.position, f.placeholder ?? null, f.min ?? null]),
		).toEqual([
			['Name on badge', true, 3, 'As printed', null],
			['Team', false, 4, null, 1],
		]);
	});

	it('editor: Required and Position set in Form → Update are sent; Position must be a whole number', async () => {
		const created = await newForm([{ type: 'text', label: 'Q', required: true, position: 1 }]);
		const q = created.fields[0];
		await runOk(
			sb,
			formParams('update', {
				form: rl(created.id),
				fields: { field: [{ id: q.id, required: 'optional', position: '0' }] },
			}),
		);
		expect(sb.control.requests()[1].body).toEqual({
			fields: [{ id: q.id, type: 'text', label: 'Q', required: false, position: 0 }],
		});

		sb.control.clearRequests();
		const error = await runInvalid(
			sb,
			formParams('update', {
				form: rl(created.id),
				fields: { field: [{ id: q.id, position: 'first' }] },
			}),
		);
		expect(error.message).toBe(
			'Field 1: Position must be a whole number of at least 0 (got first)',
		);
	});

	it('renames only, without reading the fields', async () => {
		const created = await newForm([{ type: 'text', label: 'Q' }]);
		const run = await runOk(
			sb,
			formParams('update', { form: rl(created.id), formUpdates: { name: 'Just a name' } }),
		);
		expect(sb.control.requests()).toMatchObject([
			{ method: 'PATCH', path: api(`/forms/${created.id}`), body: { name: 'Just a name' } },
		]);
		expect(run.json[0]).toMatchObject({ id: created.id, name: 'Just a name' });
	});

	it('renames from a workflow saved while Name was a top-level parameter', async () => {
		const created = await newForm([{ type: 'text', label: 'Q' }]);
		await runOk(sb, formParams('update', { form: rl(created.id), name: 'Saved before 0.1.0' }));
		expect(sb.control.requests()).toMatchObject([
			{ method: 'PATCH', path: api(`/forms/${created.id}`), body: { name: 'Saved before 0.1.0' } },
		]);
	});

	it('completes a JSON update by ID with the field’s current type and label', async () => {
		const created = await newForm([{ type: 'consent', label: 'Terms', position: 0 }]);
		const terms = created.fields[0];
		await runOk(
			sb,
			formParams('update', {
				form: rl(created.id),
				fieldsInput: 'json',
				fieldsJson: JSON.stringify([{ id: terms.id, required: true }]),
			}),
		);
		expect(sb.control.requests()[1]).toMatchObject({
			method: 'PATCH',
			body: { fields: [{ id: terms.id, required: true, type: 'consent', label: 'Terms' }] },
			status: 200,
		});
	});

	it('editor: Type left at Keep Current Type changes an existing field (type and label from the form), description shown and sent', async () => {
		const created = await newForm([{ type: 'phone', label: 'Mobile', position: 0 }]);
		const phone = created.fields[0];
		await runOk(
			sb,
			formParams('update', {
				form: rl(created.id),
				fields: { field: [{ id: phone.id, description: 'For the day itself', position: 0 }] },
			}),
		);
		expect(sb.control.requests()[1]).toMatchObject({
			method: 'PATCH',
			body: {
				fields: [
					{
						id: phone.id,
						type: 'phone',
						label: 'Mobile',
						description: 'For the day itself',
						required: false,
						position: 0,
					},
				],
			},
			status: 200,
		});
	});

	it('editor: a new field left at Keep Current Type → "Type is required", nothing written', async () => {
		const created = await newForm([{ type: 'text', label: 'Q' }]);
		const run = await runAction(
			sb,
			nodeParams(
				formParams('update', { form: rl(created.id), fields: { field: [{ label: 'Untyped' }] } }),
			),
		);
		expect(run.error?.message).toBe('Field 1 “Untyped”: Type is required');
		expect(sb.control.requests().map((r) => r.method)).not.toContain('PATCH');
	});

	it('refuses a second common field over the existing ones, after reading the form and before writing', async () => {
		const run = await runAction(
			sb,
			nodeParams(
				formParams('update', {
					form: rl(sb.demo.forms.attendeeDetails),
					fields: { field: [{ type: 'phone', label: 'Office phone' }] },
				}),
			),
		);
		expect(run.error?.message).toBe(
			'Field 1 “Office phone”: a form can have only one phone field, and the existing field “Mobile number” is one',
		);
		expect(sb.control.requests().map((r) => r.method)).toEqual(['GET']);
	});

	it('refuses input errors before any request', async () => {
		const error = await runInvalid(
			sb,
			formParams('update', {
				form: rl(sb.demo.forms.attendeeDetails),
				fieldsInput: 'json',
				fieldsJson: '[{"id": "x", "position": -3}]',
			}),
		);
		expect(error.message).toBe('Field 1: Position must be a whole number of at least 0 (got -3)');
	});

	it('refuses an update with nothing to change', async () => {
		const error = await runInvalid(
			sb,
			formParams('update', { form: rl(sb.demo.forms.attendeeDetails) }),
		);
		expect(error.message).toBe('Name: nothing to update');
	});
});

describe('Form → Update from version 1.1: Add Field asks for an Existing Field or a New Field', () => {
	const V1_1 = { typeVersion: 1.1 };

	it('changes an existing field, keeping its type, and adds a new field that starts at Text', async () => {
		const created = await newForm([
			{ type: 'select', label: 'Size', options: ['S', 'M'], required: true, position: 0 },
			{ type: 'text', label: 'Company', position: 1 },
		]);
		const size = created.fields.find((f) => f.label === 'Size')!;
		const run = await runOk(
			sb,
			formParams('update', {
				form: rl(created.id),
				fieldUpdates: {
					existingField: [{ id: size.id, label: 'Shirt size' }],
					newField: [{ label: 'Dietary wishes' }],
				},
			}),
			V1_1,
		);

		expect(sb.control.requests()[1]).toMatchObject({
			method: 'PATCH',
			path: api(`/forms/${created.id}`),
			status: 200,
		});
		expect(sb.control.requests()[1].body).toEqual({
			fields: [
				{
					id: size.id,
					type: 'select',
					label: 'Shirt size',
					required: true,
					position: 0,
					options: ['S', 'M'],
				},
				{ type: 'text', label: 'Dietary wishes', required: false },
			],
		});
		expect((run.json[0].fields as IDataObject[]).map((f) => [f.type, f.label])).toEqual([
			['select', 'Shirt size'],
			['text', 'Company'],
			['text', 'Dietary wishes'],
		]);
	});

	it('a new field takes the chosen type, Required and Position', async () => {
		const created = await newForm([{ type: 'text', label: 'Q', position: 0 }]);
		await runOk(
			sb,
			formParams('update', {
				form: rl(created.id),
				fieldUpdates: {
					newField: [
						{
							type: 'number',
							label: 'Team size',
							range: { min: 1, max: 9 },
							required: true,
							position: '1',
						},
					],
				},
			}),
			V1_1,
		);
		expect(sb.control.requests()[1].body).toEqual({
			fields: [{ type: 'number', label: 'Team size', min: 1, max: 9, required: true, position: 1 }],
		});
	});

	it('an Existing Field entry whose field comes out empty is refused before any request, naming the entry', async () => {
		// Left empty in the editor, n8n itself stops the run ("Parameter "Field Name or ID" is required"); an expression can still give ''.
		const created = await newForm([{ type: 'text', label: 'Q' }]);
		const error = await runInvalid(
			sb,
			formParams('update', {
				form: rl(created.id),
				fieldUpdates: { existingField: [{ id: '={{ "" }}', label: 'Role' }] },
			}),
			V1_1,
		);
		expect(error.message).toBe('Existing Field 1 “Role”: no field chosen');
		expect(error.description).toBe(
			"Choose the field to change in 'Field Name or ID', or add a 'New Field' instead.",
		);
	});

	it('a version 1 node keeps its one kind of entry: Fields entries still run, Fields of 1.1 are not read', async () => {
		const created = await newForm([{ type: 'text', label: 'Q', position: 0 }]);
		const q = created.fields[0];
		await runOk(
			sb,
			formParams('update', {
				form: rl(created.id),
				fields: { field: [{ id: q.id, label: 'Question' }] },
				fieldUpdates: { newField: [{ label: 'Ignored' }] },
			}),
		);
		expect(sb.control.requests()[1].body).toEqual({
			fields: [{ id: q.id, type: 'text', label: 'Question', required: false, position: 0 }],
		});
	});
});
