import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { bookableDays, validateConsultationRequest, type ConsultationType, type HolidayLookup } from '@pentland/enquiries';
import { decodePackage, describeLine, encodePackage, formatPence, packageParam, pricePackage, serviceBySlug, services } from '@pentland/site-data';
import { ButtonLink, ConsultationRequestForm, emptyConsultation, PageHeader, Section, Stack, SubmissionReceipt, Text, type ConsultationValues } from '@pentland/ui';
import { submitForm } from '../../lib/forms.ts';
import { PrivacyNotice } from '../legal/PrivacyNotice.tsx';
import { useHydrated } from '../../lib/hydrated.ts';
import { loadSupabase } from '../../lib/supabase.ts';

type Loaded = { types: (ConsultationType & { price: number | null })[]; isBankHoliday: HolidayLookup };

/** /consultation-request: the request form; ?service=<slug> preselects a service, ?package= attaches a package. */
export default function ConsultationRequestPage() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const [values, setValues] = useState<ConsultationValues>(emptyConsultation);
  const [servicesTouched, setServicesTouched] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<{ reference: string; slot: string; mailed: boolean } | null>(null);

  // The query is read after hydration (the prerendered page has none).
  const fromLink = useMemo(() => {
    const notes: string[] = [];
    const slug = hydrated ? params.get('service') : null;
    const preselect: string[] = [];
    if (slug) {
      const service = serviceBySlug(slug);
      if (service) preselect.push(service.slug);
      else notes.push(`We don't offer a service called '${slug.slice(0, 40)}', so nothing was preselected; choose from the list below.`);
    }
    const decoded = decodePackage(hydrated ? params.get(packageParam) : null);
    let pkg: { code: string; lines: string[] } | null = null;
    if (decoded.problems.length) notes.push(`We corrected the package in your link: ${decoded.problems.join(' ')}`);
    if (decoded.items.length) {
      const priced = pricePackage(decoded.items);
      const totals = [
        priced.monthly.netPence ? `${formatPence(priced.monthly.grossPence)} a month incl. VAT` : '',
        priced.oneOff.netPence ? `${formatPence(priced.oneOff.grossPence)} one-off incl. VAT` : '',
      ].filter(Boolean);
      pkg = { code: encodePackage(decoded.items), lines: [...priced.lines.map(describeLine), totals.join(', ')] };
      for (const i of decoded.items) if (!preselect.includes(i.service)) preselect.push(i.service);
    }
    return { preselect, pkg, notice: notes.join(' ') || null };
  }, [hydrated, params]);
  const { pkg, notice } = fromLink;
  const chosen = servicesTouched ? values.services : fromLink.preselect;

  // Types and the bank-holiday data load once after the first paint; a submit before then waits for them.
  const loading = useRef<Promise<Loaded | null> | null>(null);
  const load = (): Promise<Loaded | null> =>
    (loading.current ??= Promise.all([
      loadSupabase().then((s) => s.from('consultation_services').select('id, name, duration_minutes, price_gbp').eq('is_active', true).order('sort_order')),
      import('@pentland/enquiries/holidays'),
    ])
      .then(([{ data, error }, holidays]) => {
        if (error || !data) throw error ?? new Error('no data');
        const next: Loaded = {
          types: data.map((t) => ({ id: t.id as string, name: t.name as string, durationMinutes: t.duration_minutes as number, price: t.price_gbp as number | null })),
          isBankHoliday: holidays.scottishBankHoliday,
        };
        setLoaded(next);
        setLoadError(null);
        return next;
      })
      .catch(() => {
        loading.current = null;
        setLoadError('The consultation types could not be loaded. Check your connection and try again.');
        return null;
      }));
  useEffect(() => {
    const t = setTimeout(() => void load(), 0);
    return () => clearTimeout(t);
  }, []);

  const type = loaded?.types.find((t) => t.id === values.consultationType);
  const days = useMemo(
    () => (loaded ? bookableDays({ now: new Date(), durationMinutes: type?.durationMinutes ?? 30, isBankHoliday: loaded.isBankHoliday, count: 40 }) : []),
    [loaded, type?.durationMinutes],
  );

  const submit = async () => {
    setFormError(null);
    const ready = loaded ?? (await load());
    if (!ready) return;
    const body = {
      name: values.name,
      email: values.email,
      phone: values.phone,
      company: values.company,
      services: chosen,
      consultationType: values.consultationType,
      preferredSlot: values.day && values.time ? `${values.day}T${values.time}` : values.day ? `${values.day}T` : '',
      message: values.message,
      package: pkg?.code,
      website: values.website,
    };
    const check = validateConsultationRequest(body, { now: new Date(), consultationTypes: ready.types, isBankHoliday: ready.isBankHoliday });
    if (!check.ok && !check.spam) {
      setErrors(check.errors as Record<string, string>);
      return;
    }
    setErrors({});
    setSubmitting(true);
    const res = await submitForm<{ reference: string; slot: string; mailed: boolean }>('submit-consultation', body);
    setSubmitting(false);
    if (res.ok) setDone(res.data);
    else {
      setErrors(res.fields ?? {});
      setFormError(res.message);
    }
  };

  return (
    <>
      <PageHeader
        title="Request a Consultation"
        lead="Tell us what you need and when suits you. We answer Monday to Friday, 09:00 to 17:00, and confirm every request within one working day."
      />
      <Section width="medium">
        {done ? (
          <SubmissionReceipt
            title="Thank you — your request is in"
            reference={done.reference}
            mailed={done.mailed}
            actions={<ButtonLink to="/services">Back to our services</ButtonLink>}
          >
            <Text>
              You asked for {done.slot}. We have e-mailed you a confirmation with a calendar file, and we will contact you to confirm the time.
            </Text>
          </SubmissionReceipt>
        ) : (
          <Stack gap="4">
            <PrivacyNotice form="consultation" />
            <ConsultationRequestForm
              values={{ ...values, services: chosen }}
              onChange={(patch) => {
                if (patch.services) setServicesTouched(true);
                setValues((v) => ({ ...v, ...patch }));
              }}
              onSubmit={() => void submit()}
              errors={errors}
              formError={formError ?? loadError}
              submitting={submitting}
              services={services.map((s) => ({ slug: s.slug, title: s.title }))}
              types={(loaded?.types ?? []).map((t) => ({
                id: t.id,
                label: `${t.name} — ${t.durationMinutes} min${t.price ? `, ${formatPence(Math.round(t.price * 100))}` : ', free'}`,
              }))}
              days={days}
              packageLines={pkg?.lines}
              notice={notice}
            />
          </Stack>
        )}
      </Section>
    </>
  );
}
