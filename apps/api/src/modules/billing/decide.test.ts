import { describe, expect, it } from 'vitest';
import { routePayment, type PaymentFacts, type PaymentRoute } from './decide';

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
