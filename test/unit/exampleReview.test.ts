/**
 * The assistant example's writes that cannot be undone (Create order, Approve order, Reject order)
 * are Call n8n Workflow Tool nodes that call the example's own "Review request" part: it reads the
 * order (or ticket type), event and company from the service, emails them with Send and Wait for
 * Response, and writes only after Approve. No Event Registration tool writes directly. The review
 * emails show the service's facts and a wait limit read from the node's own setting.
 * e2e/agents/suites/review.js runs it in a real n8n.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

type Node = { name: string; type: string; parameters: Record<string, any> };
type Link = { node: string };
type Workflow = {
	nodes: Node[];
	connections: Record<string, Record<string, Link[][]>>;
};

const workflow = JSON.parse(
	fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'event-assistant.json'), 'utf8'),
) as Workflow;

const PACKAGE = 'n8n-nodes-event-registration.eventRegistration';
const WORKFLOW_TOOL = '@n8n/n8n-nodes-langchain.toolWorkflow';
const AGENT = '@n8n/n8n-nodes-langchain.agent';
const WRITES = ['approve', 'reject', 'create'];

const byName = (name: string) => workflow.nodes.find((node) => node.name === name) as Node;
const ofType = (type: string) => workflow.nodes.filter((node) => node.type === type);
const isAsk = (node: Node) =>
	node.type === 'n8n-nodes-base.emailSend' && node.parameters.operation === 'sendAndWait';
const writeNodes = ofType(PACKAGE).filter(
	(node) => node.parameters.resource === 'order' && WRITES.includes(node.parameters.operation),
);
const asks = workflow.nodes.filter(isAsk);
const trigger = ofType('n8n-nodes-base.executeWorkflowTrigger')[0];
const approvedIf = byName('Approved?');

/** The nodes reachable from `start` by main connections, not leaving `stopAt` nodes (or only their given outputs). */
function reachable(start: string, leave: (name: string, output: number) => boolean): Set<string> {
	const seen = new Set<string>();
	const queue = [start];
	while (queue.length > 0) {
		const name = queue.shift() as string;
		if (seen.has(name)) continue;
		seen.add(name);
		(workflow.connections[name]?.main ?? []).forEach((links, output) => {
			if (leave(name, output)) queue.push(...links.map((link) => link.node));
		});
	}
	return seen;
}

describe('examples/event-assistant.json: every write goes through a review with the service’s facts', () => {
	it('has exactly one write node per reviewed action, and no Event Registration tool writes', () => {
		expect(writeNodes.map((node) => node.parameters.operation).sort()).toEqual([...WRITES].sort());
		const tools = ofType(`${PACKAGE}Tool`);
		expect(tools.length).toBeGreaterThanOrEqual(4);
		expect(tools.filter((node) => !/^get/.test(node.parameters.operation))).toEqual([]);
	});

	it('offers Create order, Approve order and Reject order as Call n8n Workflow Tool nodes that call this workflow with their action', () => {
		const reviewed = ofType(WORKFLOW_TOOL);
		expect(
			reviewed.map((node) => [node.name, node.parameters.workflowInputs.value.action]).sort(),
		).toEqual([
			['Approve order', 'approve'],
			['Create order', 'create'],
			['Reject order', 'reject'],
		]);
		for (const node of reviewed) {
			expect(node.parameters.workflowId.value).toBe('={{ $workflow.id }}');
			expect(
				workflow.connections[node.name].ai_tool.flat().map((l) => byName(l.node).type),
			).toEqual([AGENT]);
			expect(node.parameters.description).toMatch(/Gated: a person .* approves or declines/);
			const inputs = trigger.parameters.workflowInputs.values.map((v: { name: string }) => v.name);
			expect(
				Object.keys(node.parameters.workflowInputs.value).filter((k) => !inputs.includes(k)),
			).toEqual([]);
		}
	});

	it('reaches no write from the review request without passing a Send and Wait for Response node', () => {
		const unreviewed = reachable(trigger.name, (name) => !isAsk(byName(name)));
		expect(writeNodes.filter((node) => unreviewed.has(node.name))).toEqual([]);
		expect(asks.length).toBe(2);
		for (const ask of asks) expect(reachable(ask.name, () => true).has(approvedIf.name)).toBe(true);
	});

	it('writes only on Approve: past a review, only the Approved? true output leads to a write', () => {
		expect(JSON.stringify(approvedIf.parameters.conditions)).toContain(
			'$json.data.approved === true',
		);
		for (const ask of asks) {
			const declined = reachable(
				ask.name,
				(name, output) => name !== approvedIf.name || output !== 0,
			);
			expect(writeNodes.filter((node) => declined.has(node.name))).toEqual([]);
		}
		expect(ask('Ask about the order').parameters.approvalOptions.values.approvalType).toBe(
			'double',
		);
	});

	it('shows the order as the service has it: the Ask node reads the Order → Get node before it, the event and company from theirs', () => {
		const { message } = ask('Ask about the order').parameters;
		expect(inputOf('Ask about the order')).toMatchObject({ resource: 'order', operation: 'get' });
		for (const field of ['first_name', 'last_name', 'email', 'unit_amount', 'currency', 'id'])
			expect(message).toContain(`$json.${field}`);
		for (const fact of ["$('Read event').first().json.name", "$('This company').first().json.name"])
			expect(message).toContain(fact);
		// The model's own name for the order is marked as such and compared with the service's.
		expect(message).toMatch(/The assistant called it the order of: \{\{[^}]*\.attendee \}\}/);
		expect(message).toContain('NOT the name on this order');
	});

	it('shows a new order’s ticket type, price, event and company from the service', () => {
		const { message } = ask('Ask about the new order').parameters;
		expect(inputOf('Ask about the new order')).toMatchObject({
			resource: 'ticketType',
			operation: 'get',
		});
		for (const field of ['name', 'price', 'currency']) expect(message).toContain(`$json.${field}`);
		expect(message).toContain("$('Read event').first().json.name");
	});

	it.each(asks.map((node) => [node.name, node] as const))(
		'%s names its wait limit from its own setting, never as fixed text',
		(_name, node) => {
			expect(node.parameters.options.limitWaitTime.values.resumeAmount).toBeGreaterThan(0);
			expect(node.parameters.message).toContain('($parameter.options.limitWaitTime || {}).values');
			expect(node.parameters.message).not.toMatch(/an hour|1 hour/);
		},
	);

	it('tells the model what a decline and a timeout mean and not to ask again unprompted', () => {
		const { systemMessage } = byName('AI Agent').parameters.options;
		expect(systemMessage).toMatch(/no answer/i);
		expect(systemMessage).toMatch(/do not call it again/i);
		expect(JSON.stringify(byName('Not approved').parameters)).toContain(
			'Do not call this tool again unless the user asks for it again.',
		);
	});
});

function ask(name: string): Node {
	const node = byName(name);
	expect(isAsk(node)).toBe(true);
	return node;
}

function inputOf(name: string): Record<string, any> {
	const sources = Object.entries(workflow.connections).filter(([, outputs]) =>
		(outputs.main ?? []).flat().some((link) => link.node === name),
	);
	expect(sources.length).toBe(1);
	return byName(sources[0][0]).parameters;
}
