/**
 * Reads a `json` parameter: the editor stores text, an expression may already give an object or
 * array. Returns the problem instead of throwing so the caller can name the field and the fix.
 */
export function parseJsonInput(value: unknown): { parsed?: unknown; problem?: string } {
	if (typeof value !== 'string') return { parsed: value };
	if (value.trim() === '') return { parsed: undefined };
	try {
		return { parsed: JSON.parse(value) };
	} catch (error) {
		return { problem: (error as Error).message };
	}
}
