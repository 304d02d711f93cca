import { ORDER_STATUS_PRECEDENCE, orderStatus, withOrderStatus } from '../../nodes/shared/orders';
import {
	activationUrl,
	eventPageUrl,
	orderCheckoutUrl,
	ticketSignupUrl,
} from '../../nodes/EventRegistration/shared/publicUrls';

// As getServiceUrls gives it: trimmed, without a trailing slash.
const base = { publicUrl: 'https://tickets.example.com', companySlug: 'acme' };

describe('public URLs (reference: Public URLs)', () => {
	it('builds the event page', () => {
		expect(eventPageUrl(base, 'summer-summit')).toBe(
			'https://tickets.example.com/acme/event/summer-summit',
		);
	});

	it('builds the ticket signup page with and without form and quantity', () => {
		expect(ticketSignupUrl(base, 'summer-summit', 'early-bird', { hasForm: false })).toBe(
			'https://tickets.example.com/acme/event/summer-summit/early-bird',
		);
		expect(ticketSignupUrl(base, 'summer-summit', 'early-bird', { hasForm: true })).toBe(
			'https://tickets.example.com/acme/event/summer-summit/early-bird/form',
		);
		expect(
			ticketSignupUrl(base, 'summer-summit', 'early-bird', { hasForm: true, quantity: 3 }),
		).toBe('https://tickets.example.com/acme/event/summer-summit/early-bird/form?qty=3');
		expect(
			ticketSignupUrl(base, 'summer-summit', 'early-bird', { hasForm: false, quantity: 1 }),
		).toBe('https://tickets.example.com/acme/event/summer-summit/early-bird?qty=1');
	});

	it('builds the order checkout page', () => {
		expect(orderCheckoutUrl(base, 'summer-summit', 'Lm3Qx8Rt')).toBe(
			'https://tickets.example.com/acme/event/summer-summit/o/Lm3Qx8Rt/checkout',
		);
	});

	it('builds company- and event-scoped activation pages (no /event/ segment)', () => {
		expect(activationUrl(base, 'booth-raffle')).toBe(
			'https://tickets.example.com/acme/booth-raffle',
		);
		expect(activationUrl(base, 'booth-raffle', 'summer-summit')).toBe(
			'https://tickets.example.com/acme/summer-summit/booth-raffle',
		);
	});

	it('encodes every segment', () => {
		expect(eventPageUrl({ publicUrl: 'https://t.example.com', companySlug: 'a b' }, 'x/y')).toBe(
			'https://t.example.com/a%20b/event/x%2Fy',
		);
	});
});

describe('order status (derived from timestamps)', () => {
	const at = '2027-01-01T10:00:00.123+00:00';
	const none = {
		paid_at: null,
		authorized_at: null,
		approved_at: null,
		rejected_at: null,
		cancelled_at: null,
	};

	it('is pending when no timestamp is set', () => {
		expect(orderStatus(none)).toBe('pending');
		expect(orderStatus({})).toBe('pending');
	});

	it('follows cancelled > rejected > approved > paid > authorized', () => {
		expect(ORDER_STATUS_PRECEDENCE.map(([status]) => status)).toEqual([
			'cancelled',
			'rejected',
			'approved',
			'paid',
			'authorized',
		]);
		expect(orderStatus({ ...none, authorized_at: at })).toBe('authorized');
		expect(orderStatus({ ...none, authorized_at: at, paid_at: at })).toBe('paid');
		expect(orderStatus({ ...none, paid_at: at, approved_at: at })).toBe('approved');
		expect(orderStatus({ ...none, approved_at: at, rejected_at: at })).toBe('rejected');
		expect(
			orderStatus({ ...none, paid_at: at, approved_at: at, rejected_at: at, cancelled_at: at }),
		).toBe('cancelled');
	});

	it('keeps the timestamps untouched and adds status', () => {
		const order = { id: 'Lm3Qx8Rt', ...none, paid_at: at };
		expect(withOrderStatus(order)).toEqual({ ...order, status: 'paid' });
	});
});
