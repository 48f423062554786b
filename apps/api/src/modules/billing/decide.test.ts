import { describe, expect, it } from 'vitest';
import {
  decideChange,
  routePayment,
  type ChangeFacts,
  type PaymentFacts,
  type PaymentRoute,
  type SubscriptionChange,
} from './decide';

const base: PaymentFacts = {
  linkedUserId: undefined,
  waiting: false,
  grants: true,
  firstEvent: true,
  memberId: undefined,
  email: undefined,
  emailAccountId: undefined,
};

const cases: [string, Partial<PaymentFacts>, PaymentRoute][] = [
  [
    'a stored subscription keeps its account',
    { linkedUserId: 7, emailAccountId: 9 },
    { kind: 'linked', userId: 7 },
  ],
  [
    'a stored subscription applies even without access',
    { linkedUserId: 7, grants: false },
    { kind: 'linked', userId: 7 },
  ],
  [
    'a signed-in member paid for themselves',
    { memberId: 3, email: 'a@x.es', emailAccountId: 3 },
    { kind: 'member', userId: 3 },
  ],
  [
    "a member's checkout is theirs whatever email they typed",
    { memberId: 3, email: 'b@x.es', emailAccountId: 4 },
    { kind: 'member', userId: 3 },
  ],
  [
    "a visitor with an account's email waits for its owner",
    { email: 'a@x.es', emailAccountId: 3 },
    { kind: 'wait', userId: 3 },
  ],
  [
    'a waiting payment stays waiting',
    { waiting: true, email: 'a@x.es', emailAccountId: 3 },
    { kind: 'still-waiting' },
  ],
  [
    'a waiting payment that ended stays waiting (its state kept)',
    { waiting: true, grants: false },
    { kind: 'still-waiting' },
  ],
  [
    'a visitor with a new email gets a new account',
    { email: 'new@x.es' },
    { kind: 'create', email: 'new@x.es' },
  ],
  [
    'first seen without access: nothing',
    { grants: false, email: 'a@x.es', emailAccountId: 3 },
    { kind: 'none' },
  ],
  ['no payer at all: nothing', {}, { kind: 'none' }],
  [
    'a renewal of an unknown subscription makes no account',
    { email: 'gone@x.es', firstEvent: false },
    { kind: 'none' },
  ],
  [
    "a renewal still waits for an account's owner",
    { email: 'a@x.es', emailAccountId: 3, firstEvent: false },
    { kind: 'wait', userId: 3 },
  ],
];

describe('routePayment', () => {
  it.each(cases)('%s', (_name, facts, route) => {
    expect(routePayment({ ...base, ...facts })).toEqual(route);
  });
});

/** A member on plan role 5 (a plan whose end moves them to role 2), paying for sub_1 stored as active. */
const paying: ChangeFacts = {
  account: { role_id: 5, is_active: true, deactivated_by_admin: false },
  administers: false,
  plan: { role_id: 5, end_action: 'role', end_role_id: 2 },
  state: { subscriptionId: 'sub_1', status: 'active', cancelAtPeriodEnd: false, observedAt: 2_000 },
  previous: { subscription_id: 'sub_1', status: 'active', provider_updated_at: 1_000 },
};

const applied = (change: Partial<SubscriptionChange & { kind: 'apply' }>): SubscriptionChange => ({
  kind: 'apply',
  previousStatus: 'active',
  access: { role_id: 5, is_active: true },
  cancelErasure: true,
  paymentFailed: false,
  ended: null,
  ...change,
});

type ChangeCase = [string, (facts: ChangeFacts) => ChangeFacts, SubscriptionChange];
const state = (s: Partial<ChangeFacts['state']>) => (f: ChangeFacts) => ({
  ...f,
  state: { ...f.state, ...s },
});

const changeCases: ChangeCase[] = [
  ['a renewal keeps the plan and calls off a scheduled erasure', (f) => f, applied({})],
  [
    'a cancelled renewal keeps access and leaves a scheduled erasure be',
    state({ cancelAtPeriodEnd: true }),
    applied({ cancelErasure: false }),
  ],
  [
    'an older state than the one stored changes nothing',
    state({ observedAt: 500 }),
    { kind: 'skip', why: 'older' },
  ],
  [
    "a former subscription's end leaves the new one's access",
    (f) => ({ ...state({ subscriptionId: 'sub_0', status: 'canceled' })(f) }),
    { kind: 'skip', why: 'former' },
  ],
  [
    'a former subscription still live while the new one began applies',
    state({ subscriptionId: 'sub_0', status: 'active' }),
    applied({ previousStatus: undefined }),
  ],
  [
    'a first payment gives the plan role and activates',
    (f) => ({
      ...f,
      account: { role_id: 1, is_active: false, deactivated_by_admin: false },
      previous: undefined,
    }),
    applied({ previousStatus: undefined, access: { role_id: 5, is_active: true } }),
  ],
  ['a failed charge tells the member once', state({ status: 'past_due' }), applied({ paymentFailed: true })],
  [
    'a charge still failing tells nothing more',
    (f) => ({ ...state({ status: 'past_due' })(f), previous: { ...f.previous!, status: 'past_due' } }),
    applied({ previousStatus: 'past_due' }),
  ],
  [
    "an ended plan moves the member to the plan's end role",
    state({ status: 'canceled' }),
    applied({ access: { role_id: 2, is_active: true }, cancelErasure: false, ended: 'moved' }),
  ],
  [
    'an ended plan that deactivates deactivates',
    (f) => ({ ...state({ status: 'unpaid' })(f), plan: { ...f.plan, end_action: 'deactivate' } }),
    applied({ access: { role_id: 5, is_active: false }, cancelErasure: false, ended: 'deactivated' }),
  ],
  [
    'an ended plan without an end role keeps the role',
    (f) => ({ ...state({ status: 'canceled' })(f), plan: { ...f.plan, end_role_id: null } }),
    applied({ cancelErasure: false, ended: 'unchanged' }),
  ],
  [
    'a paused subscription ends access like a cancelled one',
    state({ status: 'paused' }),
    applied({ access: { role_id: 2, is_active: true }, cancelErasure: false, ended: 'moved' }),
  ],
  [
    'an end seen again changes and tells nothing',
    (f) => ({ ...state({ status: 'canceled' })(f), previous: { ...f.previous!, status: 'canceled' } }),
    applied({ previousStatus: 'canceled', cancelErasure: false }),
  ],
  [
    'a payment that never went through changes nothing',
    (f) => ({ ...state({ status: 'incomplete' })(f), previous: undefined }),
    applied({ previousStatus: undefined, cancelErasure: false }),
  ],
  [
    'someone who administers is never changed nor told',
    (f) => ({ ...state({ status: 'canceled' })(f), administers: true }),
    applied({ cancelErasure: false }),
  ],
  [
    'an administrator who pays keeps their role',
    (f) => ({ ...f, administers: true, account: { ...f.account, role_id: 9 } }),
    applied({ access: { role_id: 9, is_active: true } }),
  ],
  [
    'an account an administrator deactivated stays deactivated when paying',
    (f) => ({ ...f, account: { role_id: 1, is_active: false, deactivated_by_admin: true } }),
    applied({ access: { role_id: 1, is_active: false } }),
  ],
];

describe('decideChange', () => {
  it.each(changeCases)('%s', (_name, facts, change) => {
    expect(decideChange(facts(paying))).toEqual(change);
  });
});
