import type { IConnections } from 'n8n-workflow';

/** `a -> b -> c` over output/input 0 of the main connection type. */
export function chainConnections(...nodeNames: string[]): IConnections {
	const connections: IConnections = {};
	for (let index = 0; index + 1 < nodeNames.length; index++) {
		connections[nodeNames[index]] = {
			main: [[{ node: nodeNames[index + 1], type: 'main', index: 0 }]],
		};
	}
	return connections;
}
