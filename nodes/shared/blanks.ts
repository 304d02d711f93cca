import type { IDataObject } from 'n8n-workflow';

/** Drops null, undefined and empty strings: optional fields left blank are "not set", never sent. */
export function withoutBlanks(fields: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(fields).filter(
			([, value]) => value !== null && value !== undefined && value !== '',
		),
	);
}
