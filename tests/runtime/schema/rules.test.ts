// @vitest-environment node
// Rules across fields: how the YAML is read into the manifest's rules (fieldRules.ts) and how
// one row is judged against them (evaluateRules.ts), the function the server and the form share.
import { describe, expect, it } from 'vitest';
import { conditionText, parseCondition } from '../../../runtime/schema/condition.ts';
import { holdsValue, ruleErrors, ruleMessages } from '../../../runtime/schema/evaluateRules.ts';
import { loadSchemaTexts } from '../../../runtime/schema/load.ts';
import { buildManifest } from '../../../runtime/schema/manifest.ts';
import { buildOpenApi } from '../../../runtime/schema/openapi.ts';
import type { Resource } from '../../../runtime/schema/types.ts';

const EVENTS = `
resource: events
module: qa
title: { zh: 活动, en: Events }
fields:
  name: { type: string, title: { zh: 名称, en: Name }, required: true }
  startTime: { type: datetime, title: { zh: 开始, en: Start } }
  endTime: { type: datetime, title: { zh: 结束, en: End } }
  minAge: { type: integer, title: { zh: 最小年龄, en: Youngest } }
  maxAge: { type: number, title: { zh: 最大年龄, en: Oldest } }
  phone: { type: phone, title: { zh: 电话, en: Phone } }
  email: { type: email, title: { zh: 邮箱, en: Email } }
  teacherIds: { type: ref, ref: people, label: fullName, multiple: true, title: { zh: 教师, en: Teachers } }
  online: { type: boolean, title: { zh: 线上, en: Online } }
  linkUrl: { type: url, title: { zh: 链接, en: Link } }
rules:
  - field: endTime
    after: startTime
    message: { zh: 结束须晚于开始, en: End after start }
  - field: maxAge
    notBefore: minAge
    when: "online"
    message: { zh: 年龄范围有误, en: Ages the wrong way round }
  - anyOf: [phone, email, teacherIds]
    message: { zh: 须有联系方式, en: Give a contact }
  - field: linkUrl
    required: true
    when: online
    message: { zh: 线上活动须有链接, en: An online event needs a link }
  - field: endTime
    required: true
    when: "minAge == 3"
    message: { zh: 第二条, en: second }
`;

const PEOPLE = `
resource: people
module: qa
title: { zh: 人员, en: People }
fields:
  fullName: { type: string, title: { zh: 姓名, en: Name } }
`;

function loaded(): Resource[] {
  const { resources, problems } = loadSchemaTexts(
    [
      { path: 'qa/events.yaml', text: EVENTS },
      { path: 'sys/users.yaml', text: PEOPLE },
    ],
    '.',
  );
  expect(problems).toEqual([]);
  return resources;
}
const events = (): Resource => loaded().find((r) => r.name === 'events')!;

describe('reading rules across fields', () => {
  it('keeps each rule as one check, its field (the first listed by default), its condition and message', () => {
    expect(events().rules).toEqual([
      { field: 'endTime', after: 'startTime', message: { zh: '结束须晚于开始', en: 'End after start' } },
      {
        field: 'maxAge',
        notBefore: 'minAge',
        when: { field: 'online', op: 'truthy' },
        message: { zh: '年龄范围有误', en: 'Ages the wrong way round' },
      },
      {
        field: 'phone',
        anyOf: ['phone', 'email', 'teacherIds'],
        message: { zh: '须有联系方式', en: 'Give a contact' },
      },
      {
        field: 'linkUrl',
        required: true,
        when: { field: 'online', op: 'truthy' },
        message: { zh: '线上活动须有链接', en: 'An online event needs a link' },
      },
      {
        field: 'endTime',
        required: true,
        // the literal takes the type of the field it is compared with
        when: { field: 'minAge', op: 'eq', value: 3 },
        message: { zh: '第二条', en: 'second' },
      },
    ]);
  });

  it('leaves the key out of a resource that declares no rules', () => {
    const { resources } = loadSchemaTexts([{ path: 'sys/users.yaml', text: PEOPLE }], '.');
    expect(resources[0]).not.toHaveProperty('rules');
  });
});

describe('judging a row by its rules', () => {
  const contact = { phone: '0571-1' };

  it('passes a row that keeps every rule', () => {
    const row = { ...contact, startTime: '2026-05-01T08:00:00Z', endTime: '2026-05-01T09:00:00Z' };
    expect(ruleErrors(events(), row)).toEqual({});
  });

  it('orders times by the instant they name, whatever their form: a Date, ISO text with an offset', () => {
    const r = events();
    // 16:30 in Beijing is 08:30 in Greenwich: before a 09:00Z start
    const early = {
      ...contact,
      startTime: new Date('2026-05-01T09:00:00Z'),
      endTime: '2026-05-01T16:30:00+08:00',
    };
    expect(ruleErrors(r, early)).toEqual({ endTime: { zh: '结束须晚于开始', en: 'End after start' } });
    const late = { ...early, endTime: '2026-05-01T17:30:00+08:00' };
    expect(ruleErrors(r, late)).toEqual({});
    // the same instant is not after it
    expect(ruleErrors(r, { ...early, endTime: '2026-05-01T17:00:00+08:00' })).toHaveProperty('endTime');
  });

  it('compares numbers as numbers, text from a form body included, and allows equal values for notBefore', () => {
    const r = events();
    const row = { ...contact, online: true, linkUrl: 'https://x.example', minAge: '10', maxAge: 9 };
    expect(ruleMessages(r, row, 'en')).toEqual({ maxAge: 'Ages the wrong way round' });
    expect(ruleErrors(r, { ...row, maxAge: '10' })).toEqual({});
    expect(ruleErrors(r, { ...row, maxAge: 10.5 })).toEqual({});
  });

  it('has nothing to compare when a side is empty or not a value of its type', () => {
    const r = events();
    expect(ruleErrors(r, { ...contact, endTime: '2026-05-01T09:00:00Z' })).toEqual({});
    expect(ruleErrors(r, { ...contact, startTime: 'soon', endTime: '2026-05-01T09:00:00Z' })).toEqual({});
    expect(ruleErrors(r, { ...contact, startTime: '', endTime: null })).toEqual({});
  });

  it('applies a rule only while its condition holds', () => {
    const r = events();
    const reversed = { ...contact, minAge: 10, maxAge: 5 };
    expect(ruleErrors(r, reversed)).toEqual({});
    expect(ruleMessages(r, { ...reversed, online: true }, 'zh')).toEqual({
      maxAge: '年龄范围有误',
      linkUrl: '线上活动须有链接',
    });
    expect(ruleMessages(r, { ...contact, online: 'false' }, 'zh')).toEqual({});
  });

  it('counts blank text and an empty list as no value for anyOf and required', () => {
    const r = events();
    const none = { phone: '  ', email: null, teacherIds: [] };
    expect(ruleMessages(r, none, 'en')).toEqual({ phone: 'Give a contact' });
    expect(ruleErrors(r, { ...none, teacherIds: [4] })).toEqual({});
    expect(ruleErrors(r, { online: 1, linkUrl: ' ', email: 'a@b.example' })).toHaveProperty('linkUrl');
    expect([undefined, null, '', ' ', []].map(holdsValue)).toEqual([false, false, false, false, false]);
    expect([0, false, 'x', [1], new Date(0)].map(holdsValue)).toEqual([true, true, true, true, true]);
  });

  it('puts the first broken rule of a field on it when two rules name the same field', () => {
    const r = events();
    const row = { ...contact, minAge: 3, startTime: '2026-05-01T09:00:00Z', endTime: '2026-05-01T08:00:00Z' };
    expect(ruleMessages(r, row, 'en')).toEqual({ endTime: 'End after start' });
    expect(ruleMessages(r, { ...row, endTime: null }, 'en')).toEqual({ endTime: 'second' });
  });
});

describe('rules across fields in the OpenAPI description', () => {
  it('lists each rule, its condition as the YAML writes it, on every write body', () => {
    const doc = buildOpenApi(buildManifest(loaded(), []));
    const body = (doc.paths['/api/qa/events'].post as any).requestBody.content['application/json'].schema;
    expect(body.description).toBe(
      [
        'Rules across fields, checked on the row the write leaves (a 400 on the field):',
        '- `endTime` is after `startTime`: "End after start" on `endTime`',
        '- `maxAge` is not before `minAge` while `online`: "Ages the wrong way round" on `maxAge`',
        '- one of `phone`, `email`, `teacherIds` holds a value: "Give a contact" on `phone`',
        '- `linkUrl` holds a value while `online`: "An online event needs a link" on `linkUrl`',
        '- `endTime` holds a value while `minAge == 3`: "second" on `endTime`',
      ].join('\n'),
    );
    const people = (doc.paths['/api/qa/people'].post as any).requestBody.content['application/json'].schema;
    expect(people).not.toHaveProperty('description');
  });

  it('writes a condition back as it was read', () => {
    for (const text of [
      'status == 0',
      'kind != link',
      'type in [a, b]',
      'type not in [1, 2]',
      'isLink',
      '!isLink',
    ]) {
      const parsed = parseCondition(text);
      expect(parsed.ok && conditionText(parsed.condition)).toBe(text);
    }
  });
});
