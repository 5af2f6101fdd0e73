import {
  contact,
  formatPrice,
  openingHours,
  servicePrices,
  services,
  type Service,
} from '@pentland/site-data';

/** The kinds of fact a draft is checked for against site-data. */
export type FactKind = 'price' | 'phone' | 'email' | 'hours' | 'service';

export interface FactFinding {
  kind: FactKind;
  /** The text as the draft had it. */
  found: string;
  /** right: as on the site; corrected: replaced in the draft by `expected`; flagged: left for the author. */
  status: 'right' | 'corrected' | 'flagged';
  expected?: string;
  /** One sentence for the author. */
  note: string;
}

export interface FactCheck {
  /** The draft with every correctable fact corrected. */
  markdown: string;
  findings: FactFinding[];
}

interface ServiceFacts {
  service: Service;
  names: string[];
  /** Its tiers' names ('Foundation', 'Managed IT'), offerings in their own right. */
  tiers: string[];
  /** Every amount the site prices it at: from prices, tiers, and their monthly or one-off alternatives. */
  amounts: Set<number>;
  /** The lowest monthly amount, where it has one. */
  monthlyFrom: number | null;
}

const amountsIn = (text: string) =>
  [...text.matchAll(/£\s?(\d[\d,]*(?:\.\d{1,2})?)/g)].map((m) => Number(m[1]!.replace(/,/g, '')));

const serviceFacts: ServiceFacts[] = services.map((service) => {
  const amounts = new Set<number>([service.fromPrice]);
  const monthly: number[] = [];
  const prices = servicePrices(service.slug);
  for (const p of prices) {
    for (const a of [p.amount, ...amountsIn(p.price), ...amountsIn(p.terms)]) amounts.add(a);
    if (p.terms === 'a month') monthly.push(p.amount);
    const m = /£([\d,.]+) a month/.exec(p.terms);
    if (m) monthly.push(Number(m[1]!.replace(/,/g, '')));
  }
  const names = [service.title, service.title.replace(/ & /g, ' and ')];
  return {
    service,
    names: [...new Set(names)],
    tiers: prices.map((p) => p.name),
    amounts,
    monthlyFrom: monthly.length ? Math.min(...monthly) : null,
  };
});

const knownAmounts = new Set(serviceFacts.flatMap((s) => [...s.amounts]));
const digits = (s: string) => s.replace(/\D/g, '');
const companyPhone = digits(contact.phone);
const companyDomain = contact.email.split('@')[1]!.toLowerCase();
const hhmm = (h: number, m: number) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
const officeDays = `${openingHours.days[0]} to ${openingHours.days.at(-1)}`;
const officeHours = `${openingHours.opens} to ${openingHours.closes}`;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nameRe = (name: string) => new RegExp(`(?<![\\w-])${escape(name)}(?![\\w-])`, 'i');

/** The services a sentence names (their site titles, any case). */
function servicesNamedIn(sentence: string): ServiceFacts[] {
  return serviceFacts.filter((s) => s.names.some((n) => nameRe(n).test(sentence)));
}

function checkPrices(sentence: string, context: ServiceFacts[], findings: FactFinding[]): string {
  const named = servicesNamedIn(sentence);
  const about = named.length ? named : context;
  const re = /(from\s+|at\s+)?£\s?(\d[\d,]*(?:\.\d{1,2})?)(\s*(?:a|per|\/)\s*month|\s+monthly)?/gi;
  return sentence.replace(re, (match, lead: string | undefined, raw: string, monthly: string | undefined) => {
    const amount = Number(raw.replace(/,/g, ''));
    const found = match.trim();
    if (about.some((s) => s.amounts.has(amount))) {
      findings.push({ kind: 'price', found, status: 'right', note: 'As on the site.' });
      return match;
    }
    if (about.length === 1) {
      const s = about[0]!;
      const perMonth = Boolean(monthly) && s.monthlyFrom !== null;
      const right = formatPrice(perMonth ? s.monthlyFrom! : s.service.fromPrice);
      const expected = `${lead ?? 'from '}${right}${monthly ?? ''}`;
      findings.push({
        kind: 'price',
        found,
        status: 'corrected',
        expected: expected.trim(),
        note: perMonth
          ? `${s.service.title}’s monthly prices start from ${right} on the site.`
          : `${s.service.title} starts from ${right} on the site.`,
      });
      return expected;
    }
    if (about.length === 0 && knownAmounts.has(amount)) {
      findings.push({ kind: 'price', found, status: 'right', note: 'A price on the site.' });
      return match;
    }
    findings.push({
      kind: 'price',
      found,
      status: 'flagged',
      note: about.length
        ? `No price of ${about.map((s) => s.service.title).join(' or ')} on the site is ${formatPrice(amount)}.`
        : `No price on the site is ${formatPrice(amount)}; check it or remove it.`,
    });
    return match;
  });
}

// +44 7700 900461, +44 (0)7700 900461, 07700 900461, 01847 123456, 0800 123 4567
const phoneRe = /(?:\+44\s?(?:\(0\)\s?)?|(?<![\w£.])0)\d{2,4}[\s-]?\d{3,4}[\s-]?\d{3,4}(?![\w])/g;

function checkPhones(sentence: string, findings: FactFinding[]): string {
  return sentence.replace(phoneRe, (match) => {
    let d = digits(match);
    if (d.startsWith('44')) d = `0${d.slice(2).replace(/^0/, '')}`;
    if (d === companyPhone) {
      findings.push({ kind: 'phone', found: match, status: 'right', note: 'The company’s number.' });
      return match;
    }
    findings.push({
      kind: 'phone',
      found: match,
      status: 'corrected',
      expected: contact.phone,
      note: `The company’s number is ${contact.phone}.`,
    });
    return contact.phone;
  });
}

function checkEmails(sentence: string, findings: FactFinding[]): string {
  return sentence.replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, (match) => {
    if (match.toLowerCase() === contact.email) {
      findings.push({ kind: 'email', found: match, status: 'right', note: 'The company’s address.' });
      return match;
    }
    const domain = match.split('@')[1]!.toLowerCase();
    if (domain === companyDomain || /pentland/i.test(domain)) {
      findings.push({
        kind: 'email',
        found: match,
        status: 'corrected',
        expected: contact.email,
        note: `The company’s address is ${contact.email}.`,
      });
      return contact.email;
    }
    findings.push({
      kind: 'email',
      found: match,
      status: 'flagged',
      note: 'Not the company’s address; check that it belongs in the article.',
    });
    return match;
  });
}

// "9am to 5pm", "09:00–17:00", "9.30am - 5.30pm": a time of day on at least one side, so "2 to 4 weeks" is not one.
const hoursRe =
  /\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\s*(?:–|—|-|to|until)\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\b/gi;
const hoursCue = /\b(open|opening|hours|office|phone lines?|call us|answer|available|staffed)\b/i;
const daysRe =
  /\b(Monday|Mon)\s*(?:to|–|-|through)\s*(Saturday|Sunday|Thursday|Sat|Sun|Thu)\b|\bseven days a week\b|\bevery day\b/gi;

const toMinutes = (h: number, m: number, suffix: string | undefined) => {
  let hour = h % 12;
  if (!suffix) hour = h;
  else if (suffix.toLowerCase() === 'pm') hour += 12;
  return hour * 60 + m;
};

function checkHours(sentence: string, findings: FactFinding[]): string {
  if (!hoursCue.test(sentence)) return sentence;
  const [oh, om] = openingHours.opens.split(':').map(Number) as [number, number];
  const [ch, cm] = openingHours.closes.split(':').map(Number) as [number, number];
  let out = sentence.replace(hoursRe, (match, h1, m1, s1, h2, m2, s2) => {
    if (!s1 && !s2 && m1 === undefined && m2 === undefined) return match;
    const second = s2 ?? s1;
    const first = s1 ?? (s2 && Number(h1) > Number(h2) ? 'am' : s2);
    const opens = toMinutes(Number(h1), Number(m1 ?? 0), first);
    const closes = toMinutes(Number(h2), Number(m2 ?? 0), second);
    if (opens === oh * 60 + om && closes === ch * 60 + cm) {
      findings.push({ kind: 'hours', found: match, status: 'right', note: 'The office hours.' });
      return match;
    }
    findings.push({
      kind: 'hours',
      found: match,
      status: 'corrected',
      expected: officeHours,
      note: `The office is open ${officeDays}, ${hhmm(oh, om)} to ${hhmm(ch, cm)}.`,
    });
    return officeHours;
  });
  out = out.replace(daysRe, (match) => {
    findings.push({
      kind: 'hours',
      found: match,
      status: 'corrected',
      expected: officeDays,
      note: `The office is open ${officeDays}.`,
    });
    return officeDays;
  });
  return out;
}

// "our Printer Repair service", "Pentland Cloud's Website Care package"
const offeringRe =
  /\b(?:[Oo]ur|Pentland Cloud(?:'s|’s)?)\s+((?:[A-Z][\w&+.-]*\s+){0,3}[A-Z][\w&+.-]*)\s+(service|package|plan|offering)\b/g;

function checkServiceNames(sentence: string, findings: FactFinding[]): void {
  for (const m of sentence.matchAll(offeringRe)) {
    const name = m[1]!;
    const known = serviceFacts.find((s) =>
      [...s.names, ...s.tiers].some((n) => n.toLowerCase() === name.toLowerCase()),
    );
    if (known)
      findings.push({ kind: 'service', found: name, status: 'right', note: 'A service on the site.' });
    else
      findings.push({
        kind: 'service',
        found: name,
        status: 'flagged',
        note: `The site offers no service called “${name}”.`,
      });
  }
  for (const s of servicesNamedIn(sentence))
    if (!findings.some((f) => f.kind === 'service' && f.found === s.service.title))
      findings.push({
        kind: 'service',
        found: s.service.title,
        status: 'right',
        note: 'A service on the site.',
      });
}

/** Sentences of one line, so a price is read beside the service it is about. */
const sentencesOf = (line: string) => line.split(/(?<=[.!?])\s+(?=[A-Z£0-9*[(])/);

/**
 * Checks a Markdown draft's prices, phone numbers, e-mail addresses, opening hours and service names against
 * site-data. What can be put right is corrected in the returned draft (a price to the named service's "from"
 * price, any phone number or company address to the company's, office hours and days to the site's); what cannot
 * — a price with no service to check it against, an unknown service, someone else's e-mail — is flagged. A price
 * is checked against the services its sentence names, or else the section's.
 */
export function checkFacts(markdown: string): FactCheck {
  const findings: FactFinding[] = [];
  let context: ServiceFacts[] = [];
  const lines = markdown.split('\n').map((line) => {
    if (/^#{1,6}\s/.test(line)) {
      const named = servicesNamedIn(line);
      context = named;
      for (const s of named) checkServiceNames(s.service.title, findings);
      return line;
    }
    // A section's sources are links, not claims.
    if (/^\s*\**Sources?\**:/i.test(line)) return line;
    return sentencesOf(line)
      .map((sentence) => {
        const named = servicesNamedIn(sentence);
        let s = checkPrices(sentence, context, findings);
        if (named.length) context = named;
        s = checkPhones(s, findings);
        s = checkEmails(s, findings);
        s = checkHours(s, findings);
        checkServiceNames(s, findings);
        return s;
      })
      .join(' ');
  });
  return { markdown: lines.join('\n'), findings };
}

/** "7 facts checked against the site: 5 right, 1 corrected, 1 flagged." */
export function factCheckSummary(findings: readonly FactFinding[]): string {
  const count = (status: FactFinding['status']) => findings.filter((f) => f.status === status).length;
  if (findings.length === 0) return 'No prices, contact details, hours or service names to check.';
  const parts = [`${count('right')} right`];
  if (count('corrected')) parts.push(`${count('corrected')} corrected`);
  if (count('flagged')) parts.push(`${count('flagged')} flagged for you to check`);
  return `${findings.length} ${findings.length === 1 ? 'fact' : 'facts'} checked against the site: ${parts.join(', ')}.`;
}

/** One line for the author: a correction made, or a fact left to check. */
export interface FactCheckNote {
  status: 'corrected' | 'flagged';
  text: string;
}

/** What the author is told: each correction made and each fact left to check, one sentence each. */
export function factCheckNotes(findings: readonly FactFinding[]): FactCheckNote[] {
  const notes: FactCheckNote[] = [];
  for (const f of findings) {
    if (f.status === 'corrected')
      notes.push({ status: 'corrected', text: `“${f.found}” → “${f.expected}”: ${f.note}` });
    else if (f.status === 'flagged') notes.push({ status: 'flagged', text: `“${f.found}”: ${f.note}` });
  }
  return notes;
}
