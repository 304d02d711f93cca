import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import type { OperationItem } from '../../shared/items';
import { needs, text } from '../../shared/output';

export const operationOption = {
	name: 'Get',
	action: 'Get event',
	description: 'Get one event by slug',
};

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: false }),
];

export const toolDescription = text(
	'Get one event of a company.',
	needs('Company', 'Event'),
	'Returns the event with its id (the event slug), name, date_start, date_end, timezone, attendance_mode, locale and company_role.',
);

export const effect = 'reads';
export const recordKind = 'event';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const params = await item.eventParams();
	return await apiRequest(this, 'event.get', { check: item, params });
}
