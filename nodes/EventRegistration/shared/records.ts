/** One kind of record: its names and which of its fields Simplified keeps. */
export interface RecordShape {
	plural: string;
	/** Simplified: what a person or a model needs to act on the record (ids, names, dates, status, amounts, links). */
	simple: readonly string[];
	/** Every field Selected Fields offers: the reference's fields plus what the node adds. */
	fields: readonly string[];
}

export const RECORD_SHAPES = {
	company: {
		plural: 'companies',
		simple: ['id', 'slug', 'name', 'url'],
		fields: ['id', 'slug', 'name', 'tagline', 'url', 'logo', 'brand_color', 'created_at'],
	},
	event: {
		plural: 'events',
		simple: ['id', 'name', 'date_start', 'date_end', 'attendance_mode', 'company_role', 'timezone'],
		fields: [
			'id',
			'name',
			'date_start',
			'date_end',
			'attendance_mode',
			'company_role',
			'locale',
			'requires_ticket_assignment',
			'timezone',
			'privacy_policy',
			'page',
		],
	},
	ticketType: {
		plural: 'ticket types',
		simple: [
			'slug',
			'name',
			'price',
			'currency',
			'availability',
			'active',
			'sold_out',
			'approval_required',
			'min_quantity',
			'max_quantity',
		],
		fields: [
			'slug',
			'name',
			'description',
			'price',
			'currency',
			'vat_percentage',
			'availability',
			'approval_required',
			'sold_out',
			'active',
			'hidden_from_shop',
			'form_id',
			'form',
			'position',
			'min_quantity',
			'max_quantity',
		],
	},
	order: {
		plural: 'orders',
		simple: [
			'id',
			'first_name',
			'last_name',
			'email',
			'status',
			'unit_amount',
			'currency',
			'created_at',
			'checkout_url',
		],
		fields: [
			'id',
			'first_name',
			'last_name',
			'email',
			'status',
			'unit_amount',
			'currency',
			'vat_percentage',
			'exemption_status',
			'country',
			'created_at',
			'paid_at',
			'authorized_at',
			'approved_at',
			'rejected_at',
			'cancelled_at',
			'submission',
			'checkout_url',
		],
	},
	form: {
		plural: 'forms',
		simple: ['id', 'name', 'created_at', 'fields'],
		fields: ['id', 'name', 'created_at', 'fields'],
	},
	activation: {
		plural: 'activations',
		simple: ['id', 'slug', 'title', 'created_at'],
		fields: ['id', 'slug', 'title', 'created_at'],
	},
	emailTemplate: {
		plural: 'email templates',
		simple: ['id', 'name', 'subject', 'customized', 'updated_at'],
		fields: ['id', 'name', 'subject', 'body', 'customized', 'updated_at'],
	},
} as const satisfies Record<string, RecordShape>;

export type RecordKind = keyof typeof RECORD_SHAPES;

/**
 * The note the node adds beside a field it could not fill (`checkout_url_note` says why
 * `checkout_url` is null): every Output that keeps the field keeps its note.
 */
export function noteOf(field: string): string {
	return `${field}_note`;
}
