import { useRef, useState } from 'react';
import { checkEboardImage, eboardCategories, eboardImageBuckets, eboardImageUnreadable, validateEboardEntry } from '@pentland/enquiries';
import { ButtonLink, EboardSubmissionForm, emptyEboard, PageHeader, prepareImage, Section, Stack, SubmissionReceipt, Text, UnreadableImageError, type EboardValues } from '@pentland/ui';
import { submitForm, ukToday } from '../../lib/forms.ts';
import { PrivacyNotice } from '../legal/PrivacyNotice.tsx';
import { loadSupabase } from '../../lib/supabase.ts';

const extension: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
/** The E-Board is a full-HD screen: a larger picture is scaled down in the browser (the ui kit's prepareImage). */
const maxImageSide = 1920;

/** /eboard-submissions: a public form for an E-Board entry; entries wait for moderation. */
export default function EboardSubmissionPage() {
  const [values, setValues] = useState<EboardValues>(emptyEboard);
  const [image, setImage] = useState<File | null>(null);
  // A chosen file that cannot be used blocks sending until another is chosen (or the choice is cleared).
  const [imageError, setImageError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<{ reference: string; mailed: boolean } | null>(null);

  const [preparing, setPreparing] = useState(false);
  const choice = useRef(0);

  // The type is checked first; the picture is then decoded (a file the browser cannot decode is refused here, never
  // uploaded) and scaled down to fit the screen before its size is checked, so a large photo from a phone fits the
  // 2 MB limit.
  const chooseImage = async (file: File | null) => {
    const id = ++choice.current;
    let chosen = file;
    let unreadable = false;
    if (file && 'value' in checkEboardImage({ type: file.type, size: 1 })) {
      setPreparing(true);
      try {
        chosen = (await prepareImage(file, maxImageSide)).file;
      } catch (err) {
        if (!(err instanceof UnreadableImageError)) throw err;
        unreadable = true;
        chosen = null;
      }
      if (id !== choice.current) return;
      setPreparing(false);
    }
    setImage(chosen);
    const checked = chosen ? checkEboardImage({ type: chosen.type, size: chosen.size }) : null;
    const problem = unreadable ? eboardImageUnreadable : checked && 'error' in checked ? checked.error : null;
    setImageError(problem);
    setErrors(({ image: _drop, ...rest }) => (problem ? { ...rest, image: problem } : rest));
  };

  const submit = async () => {
    setFormError(null);
    const check = validateEboardEntry({ ...values, image: image ? { type: image.type, size: image.size } : null }, { now: new Date() });
    if (!check.ok && !check.spam)
      return setErrors({ ...(check.errors as Record<string, string>), ...(imageError ? { image: imageError } : {}) });
    if (imageError) return setErrors({ image: imageError });
    setErrors({});
    setSubmitting(true);
    let imagePath: string | undefined;
    if (image) {
      imagePath = `pending/${crypto.randomUUID()}.${extension[image.type]}`;
      const { error } = await (await loadSupabase()).storage.from(eboardImageBuckets.uploads).upload(imagePath, image, { contentType: image.type, upsert: false });
      if (error) {
        setSubmitting(false);
        setErrors({ image: 'The image could not be uploaded; check it is a JPEG, PNG or WebP of 2 MB or less.' });
        return;
      }
    }
    const res = await submitForm<{ reference: string; mailed: boolean }>('submit-eboard', { ...values, imagePath });
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
        title="E-Board Submissions"
        lead="Share a notice, event or opportunity with Caithness on our E-Board screen. Every entry is checked by our team before it appears."
      />
      <Section width="medium">
        {done ? (
          <SubmissionReceipt title="Thank you — your entry is waiting for review" reference={done.reference} mailed={done.mailed} actions={<ButtonLink to="/eboard-welcome">See the E-Board</ButtonLink>}>
            <Text>We have e-mailed you a confirmation. We will e-mail you again when your entry has been reviewed.</Text>
          </SubmissionReceipt>
        ) : (
          <Stack gap="4">
            <PrivacyNotice form="eboard" />
            <EboardSubmissionForm
              values={values}
              onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
              onImageChange={(file) => void chooseImage(file)}
              imageName={image?.name}
              onSubmit={() => void submit()}
              errors={errors}
              formError={formError}
              submitting={submitting || preparing}
              categories={eboardCategories}
              today={ukToday()}
            />
          </Stack>
        )}
      </Section>
    </>
  );
}
