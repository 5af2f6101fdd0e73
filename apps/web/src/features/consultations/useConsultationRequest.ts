import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import bankHolidays from 'virtual:scottish-bank-holidays';
import {
  bookableDays,
  holidayLookup,
  summarizePackage,
  validateConsultationRequest,
} from '@pentland/enquiries';
import { decodePackage, formatPence, packageParam, serviceBySlug, services } from '@pentland/site-data';
import { emptyConsultation, type ConsultationValues } from '@pentland/screens';
import { ukSlot } from '../../lib/forms.ts';
import { useAddressQuery } from '../../lib/addressQuery.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import { useSubmission, type FieldErrors } from '../../lib/useSubmission.ts';
import {
  readOfferedTypes,
  sendConsultationRequest,
  type ConsultationReceipt,
  type FreeSlot,
  type OfferedType,
} from './data.ts';
import { useFreeSlots } from './useFreeSlots.ts';

type Loaded = { types: OfferedType[] };

/** Scotland's bank holidays, a list made from date-holidays when the site was built (not the library itself). */
const isBankHoliday = holidayLookup(bankHolidays);

/** The services as the form lists them. */
const serviceOptions = services.map((s) => ({ slug: s.slug, title: s.title }));

/**
 * The consultation request: ?service=<slug> preselects a service, ?package= attaches a package (both read after
 * hydration: the prerendered page has no query); the consultation types load after the first paint, and a
 * submission before then waits for them.
 */
export function useConsultationRequest() {
  const params = useAddressQuery();
  const hydrated = useHydrated();
  const form = useSubmission<ConsultationValues, ConsultationReceipt>(emptyConsultation);
  const { values } = form;
  const [servicesTouched, setServicesTouched] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const fromLink = useMemo(() => {
    const notes: string[] = [];
    const slug = params?.get('service');
    const preselect: string[] = [];
    if (slug) {
      const service = serviceBySlug(slug);
      if (service) preselect.push(service.slug);
      else
        notes.push(
          `We don't offer a service called '${slug.slice(0, 40)}', so nothing was preselected; choose from the list below.`,
        );
    }
    const decoded = decodePackage(params?.get(packageParam) ?? null);
    let pkg: { code: string; lines: string[] } | null = null;
    if (decoded.problems.length)
      notes.push(`We corrected the package in your link: ${decoded.problems.join(' ')}`);
    if (decoded.items.length) {
      const summary = summarizePackage(decoded.items);
      pkg = { code: summary.code, lines: [...summary.lines, summary.totals] };
      for (const i of decoded.items) if (!preselect.includes(i.service)) preselect.push(i.service);
    }
    return { preselect, pkg, notice: notes.join(' ') || null };
  }, [params]);
  const { pkg, notice } = fromLink;
  const chosen = servicesTouched ? values.services : fromLink.preselect;

  const loading = useRef<Promise<Loaded | null> | null>(null);
  const load = (): Promise<Loaded | null> =>
    (loading.current ??= loadSupabase()
      .then(readOfferedTypes)
      .then((types) => {
        const next: Loaded = { types };
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
    // Once, after the first paint.
  }, []);

  const type = loaded?.types.find((t) => t.id === values.consultationType);
  const days = useMemo(
    () =>
      loaded
        ? bookableDays({
            now: new Date(),
            durationMinutes: type?.durationMinutes ?? 30,
            isBankHoliday,
            count: 40,
          })
        : [],
    [loaded, type?.durationMinutes],
  );

  // A type booked at once shows the calendar of its free times; a request type (or a backend without the slots
  // function) keeps the preferred day and time.
  const free = useFreeSlots(hydrated ? values.consultationType : '');
  // The chosen time and a taken time's message belong to the type they were chosen for.
  const [picked, setPicked] = useState<{
    type: string;
    slot: FreeSlot | null;
    taken: { message: string; nearest: FreeSlot[] } | null;
  }>({ type: '', slot: null, taken: null });
  const current = picked.type === values.consultationType ? picked : null;
  const slot = current?.slot ?? null;
  const taken = current?.taken ?? null;
  const choose = useCallback(
    (next: FreeSlot | null, nextTaken: typeof taken = null) =>
      setPicked({ type: values.consultationType, slot: next, taken: nextTaken }),
    [values.consultationType],
  );
  const instant = free.bookingMode === 'instant';

  const submit = () =>
    form.submit(async () => {
      const ready = loaded ?? (await load());
      if (!ready) return null;
      const preferredSlot = instant
        ? slot
          ? ukSlot(slot.start)
          : ''
        : values.day && values.time
          ? `${values.day}T${values.time}`
          : values.day
            ? `${values.day}T`
            : '';
      const body = {
        name: values.name,
        email: values.email,
        phone: values.phone,
        company: values.company,
        services: chosen,
        consultationType: values.consultationType,
        preferredSlot,
        message: values.message,
        package: pkg?.code,
        website: values.website,
      };
      const check = validateConsultationRequest(body, {
        now: new Date(),
        consultationTypes: ready.types,
        isBankHoliday,
      });
      const errors = check.ok || check.spam ? {} : (check.errors as FieldErrors);
      // A free time's hours are the server's (its working hours, not the request form's); it checks them again.
      if (instant) {
        delete errors.preferredSlot;
        if (!slot) errors.preferredSlot = 'Choose a free time on the calendar';
      }
      if (Object.keys(errors).length) return { errors };
      return {
        send: async () => {
          const sent = await sendConsultationRequest(body);
          if (!sent.ok && sent.answer?.code === 'slot_taken') {
            choose(null, {
              message: sent.message,
              nearest: (sent.answer.nearest as FreeSlot[] | undefined) ?? [],
            });
            free.reload();
            return { ok: false, fields: {} };
          }
          return sent;
        },
      };
    });

  // The form's parts are memoised: what they are given keeps its identity until it changes.
  const changeValues = form.change;
  const change = useCallback(
    (patch: Partial<ConsultationValues>) => {
      if (patch.services) setServicesTouched(true);
      changeValues(patch);
    },
    [changeValues],
  );
  const types = useMemo(
    () =>
      (loaded?.types ?? []).map((t) => ({
        id: t.id,
        label: t.name,
        hint: `${t.durationMinutes} min, ${t.price ? formatPence(Math.round(t.price * 100)) : 'free'}`,
      })),
    [loaded],
  );
  const { slots, timeZone, visitorTimeZone, month, setMonth, minMonth, maxMonth } = free;
  const booking = useMemo(
    () =>
      instant
        ? {
            slots,
            timeZone,
            visitorTimeZone,
            month,
            onMonthChange: setMonth,
            minMonth,
            maxMonth,
            loading: free.loading,
            error: free.error,
            value: slot?.start ?? null,
            onChange: choose,
            taken,
          }
        : null,
    [
      instant,
      slots,
      timeZone,
      visitorTimeZone,
      month,
      setMonth,
      minMonth,
      maxMonth,
      free.loading,
      free.error,
      slot,
      choose,
      taken,
    ],
  );

  return {
    values: { ...values, services: chosen },
    change,
    submit,
    errors: form.errors,
    formError: form.formError ?? loadError,
    submitting: form.submitting,
    receipt: form.receipt,
    services: serviceOptions,
    types,
    days,
    packageLines: pkg?.lines,
    notice,
    booking,
  };
}
