import { createActor } from 'xstate';
import { describe, expect, test } from 'vitest';
import {
  authFormLogic,
  authFormView,
  authModes,
  messages,
  requestedAuthMode,
  validateAuthForm,
  type AuthFields,
  type AuthMode,
} from '../src/index.ts';

// Every combination of good and bad fields, per mode: only the first broken rule (in the rules' order) shows.
const good: AuthFields = {
  email: 'ada@pentland.example',
  password: 'secret1',
  confirmPassword: 'secret1',
  fullName: 'Ada Lovelace',
};
const badValues = {
  email: ['', 'ada.pentland.example'],
  password: ['', '12345'],
  fullName: ['', '   '],
  confirmPassword: ['secret2'],
} as const;
type Rule = keyof typeof badValues;
const order: Rule[] = ['email', 'password', 'fullName', 'confirmPassword'];
const ruleMessage: Record<Rule, string> = {
  email: 'Please enter a valid email address',
  password: 'Password must be at least 6 characters',
  fullName: 'Please enter your full name',
  confirmPassword: 'Passwords do not match',
};
const appliesIn: Record<Rule, AuthMode[]> = {
  email: ['signin', 'signup', 'forgot'],
  password: ['signin', 'signup'],
  fullName: ['signup'],
  confirmPassword: ['signup'],
};

interface Row {
  mode: AuthMode;
  broken: Rule[];
  fields: AuthFields;
  expected: string | null;
}

function rows(): Row[] {
  const out: Row[] = [];
  for (const mode of ['signin', 'signup', 'forgot'] as const) {
    for (let mask = 0; mask < 1 << order.length; mask += 1) {
      const broken = order.filter((_, i) => mask & (1 << i));
      // Each bad value of each broken field (first variant of the others keeps the table small).
      for (const variant of [0, 1]) {
        const fields = { ...good };
        for (const rule of broken) {
          const values = badValues[rule];
          fields[rule] = values[Math.min(variant, values.length - 1)]!;
        }
        // A short or empty password also differs from the confirmation unless set alike.
        if (broken.includes('password') && !broken.includes('confirmPassword'))
          fields.confirmPassword = fields.password;
        const first = order.find((rule) => broken.includes(rule) && appliesIn[rule].includes(mode));
        out.push({ mode, broken, fields, expected: first ? ruleMessage[first] : null });
      }
    }
  }
  return out;
}

const table = rows();

test('the table covers every mode and combination', () => {
  expect(table).toHaveLength(3 * 16 * 2);
});

describe.each(
  table.map((r) => [`${r.mode} broken=[${r.broken.join(',')}] ${JSON.stringify(r.fields)}`, r] as const),
)('%s', (_label, row) => {
  test('validateAuthForm returns the first rule only', () => {
    expect(validateAuthForm(row.fields, row.mode)).toBe(row.expected);
  });
  test('the form machine shows it on submit (or submits)', () => {
    const actor = createActor(authFormLogic, { input: {} }).start();
    if (row.mode !== 'signin') actor.send({ type: 'mode.switch', mode: row.mode });
    for (const [field, value] of Object.entries(row.fields)) {
      actor.send({ type: 'field.change', field: field as keyof AuthFields, value });
    }
    actor.send({ type: 'form.submit' });
    const view = authFormView(actor.getSnapshot());
    if (row.expected) {
      expect(view.state).toBe('editing');
      expect(view.message).toEqual({ type: 'error', text: row.expected });
    } else {
      expect(view.state).toBe({ signin: 'signingIn', signup: 'signingUp', forgot: 'sendingReset' }[row.mode]);
      expect(view.message).toBeNull();
    }
    actor.stop();
  });
});

test('the texts are the spec texts', () => {
  expect(messages.invalidEmail).toBe('Please enter a valid email address');
  expect(messages.passwordTooShort).toBe('Password must be at least 6 characters');
  expect(messages.fullNameRequired).toBe('Please enter your full name');
  expect(messages.passwordsDoNotMatch).toBe('Passwords do not match');
});

describe('the mode an address asks for', () => {
  test('each of the three modes as asked; signing in for anything else or nothing', () => {
    expect(authModes.map((m) => requestedAuthMode(m))).toEqual(['signin', 'signup', 'forgot']);
    for (const other of [null, undefined, '', 'SIGNUP', 'admin', 'signup ', 'constructor'])
      expect(requestedAuthMode(other)).toBe('signin');
  });
});
