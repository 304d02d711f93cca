import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { locatorValue } from './locators';
import { PATH_PARAMS } from './pathParams';
import { resolveCompanyWithId, resolveLocator } from './resolve';

/** What the editor's lists (list search, load options) read from the node being edited. */

/**
 * Case-insensitive match on any of the texts. The API's own `q` is case-sensitive, so lists never
 * send it: they filter what they read.
 */
export function matches(filter: string | undefined, ...texts: unknown[]): boolean {
	const needle = (filter ?? '').trim().toLowerCase();
	return (
		needle === '' ||
		texts.some((text) =>
			String(text ?? '')
				.toLowerCase()
				.includes(needle),
		)
	);
}

/** A parameter this list depends on; empty means the user has to fill it in first. */
function requireChosen(ctx: ILoadOptionsFunctions, name: string, displayName: string): unknown {
	const parameter = ctx.getCurrentNodeParameter(name);
	if (locatorValue(parameter).value === '') {
		throw new NodeOperationError(ctx.getNode(), `Choose the ${displayName} first`, {
			description: `This list shows what belongs to the chosen ${displayName}: fill in ${displayName} above, then open the list again.`,
		});
	}
	return parameter;
}

/** The chosen company's sqid (one given by name, slug or page URL is looked up). */
export async function currentCompany(ctx: ILoadOptionsFunctions): Promise<string> {
	const parameter = requireChosen(ctx, 'company', PATH_PARAMS.company.label);
	return (await resolveCompanyWithId(ctx, parameter)).id;
}

export function currentLocator(
	ctx: ILoadOptionsFunctions,
	name: string,
	displayName: string,
	urlPattern?: string,
): string {
	return resolveLocator(ctx, requireChosen(ctx, name, displayName), { displayName, urlPattern });
}

/** Upcoming and running events first (soonest first), then past ones (most recent first). */
export function byUpcoming(events: IDataObject[], now: string): IDataObject[] {
	const start = (e: IDataObject) => String(e.date_start ?? '');
	const isPast = (e: IDataObject) => String(e.date_end ?? e.date_start ?? '') < now;
	const upcoming = events
		.filter((e) => !isPast(e))
		.sort((a, b) => start(a).localeCompare(start(b)));
	const past = events.filter(isPast).sort((a, b) => start(b).localeCompare(start(a)));
	return [...upcoming, ...past];
}
