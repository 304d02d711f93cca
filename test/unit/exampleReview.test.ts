/**
 * The assistant example's writes that cannot be undone reach its AI Agent only through n8n's human
 * review (n8n 2.6+): each Order → Approve or Reject tool connects to a review node and nothing else,
 * the review node to the agent, with Approve and Decline buttons, a wait limit, and a message that
 * names the order, event and company from the model's values. e2e/agents/suites/review.js runs it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

type Node = { name: string; type: string; parameters: Record<string, any> };
type Workflow = {
	nodes: Node[];
	connections: Record<string, Record<string, Array<Array<{ node: string }>>>>;
};

const workflow = JSON.parse(
	fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'event-assistant.json'), 'utf8'),
) as Workflow;

const TOOL = 'n8n-nodes-event-registration.eventRegistrationTool';
const REVIEW = 'n8n-nodes-base.emailSendHitlTool';
const AGENT = '@n8n/n8n-nodes-langchain.agent';

function targetsOf(name: string): Node[] {
	return (workflow.connections[name]?.ai_tool ?? [])
		.flat()
		.map((link) => workflow.nodes.find((node) => node.name === link.node) as Node);
}

const curating = workflow.nodes.filter(
	(node) =>
		node.type === TOOL &&
		node.parameters.resource === 'order' &&
		['approve', 'reject'].includes(node.parameters.operation),
);

describe('examples/event-assistant.json: human review of Approve and Reject', () => {
	it('has an Approve and a Reject tool', () => {
		expect(curating.map((node) => node.parameters.operation).sort()).toEqual(['approve', 'reject']);
	});

	it.each(curating.map((node) => [node.name, node] as const))(
		'%s reaches the AI Agent only through its own review node',
		(_name, tool) => {
			const [review, ...others] = targetsOf(tool.name);
			expect(others).toEqual([]);
			expect(review.type).toBe(REVIEW);
			expect(targetsOf(review.name).map((node) => node.type)).toEqual([AGENT]);
			expect(
				curating.filter((other) => targetsOf(other.name).includes(review)).map((n) => n.name),
			).toEqual([tool.name]);
		},
	);

	it.each(curating.map((node) => [node.name, node] as const))(
		'%s: the review asks with Approve and Decline, waits at most a limit, and names what will happen',
		(_name, tool) => {
			const { parameters } = targetsOf(tool.name)[0];
			expect(parameters.approvalOptions.values.approvalType).toBe('double');
			expect(parameters.options.limitWaitTime.values.resumeAmount).toBeGreaterThan(0);
			for (const key of ['order', 'event', 'company'])
				expect(parameters.message).toContain(`{{ $tool.parameters.${key} }}`);
			expect(parameters.message).toContain(tool.parameters.operation.toUpperCase());
		},
	);
});
