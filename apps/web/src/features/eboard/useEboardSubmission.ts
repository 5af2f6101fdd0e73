import { useRef, useState } from 'react';
import { checkEboardImage, eboardImageUnreadable, validateEboardEntry } from '@pentland/enquiries';
import { prepareImage, UnreadableImageError } from '@pentland/ui';
import { emptyEboard, type EboardValues } from '@pentland/screens';
import { loadSupabase } from '../../lib/supabase.ts';
import { useSubmission, type FieldErrors } from '../../lib/useSubmission.ts';
import { sendEboardEntry, uploadPendingImage, type EboardReceipt } from './data.ts';

/** The E-Board is a full-HD screen: a larger picture is scaled down in the browser (the ui kit's prepareImage). */
const maxImageSide = 1920;

/**
 * An E-Board entry: the form's values and its picture. The picture's type is checked first; it is then decoded (a
 * file the browser cannot decode is refused here, never uploaded) and scaled down to fit the screen before its size
 * is checked, so a large photo from a phone fits the 2 MB limit. Sending uploads the picture, then the entry.
 */
export function useEboardSubmission() {
  const form = useSubmission<EboardValues, EboardReceipt>(emptyEboard);
  const { values, setErrors } = form;
  const [image, setImage] = useState<File | null>(null);
  // A chosen file that cannot be used blocks sending until another is chosen (or the choice is cleared).
  const [imageError, setImageError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const choice = useRef(0);

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

  const submit = () =>
    form.submit(() => {
      const check = validateEboardEntry(
        { ...values, image: image ? { type: image.type, size: image.size } : null },
        { now: new Date() },
      );
      if (!check.ok && !check.spam)
        return { errors: { ...(check.errors as FieldErrors), ...(imageError ? { image: imageError } : {}) } };
      if (imageError) return { errors: { image: imageError } };
      return {
        send: async () => {
          let imagePath: string | undefined;
          if (image) {
            const stored = await uploadPendingImage(await loadSupabase(), image);
            if (!stored)
              return {
                ok: false,
                fields: {
                  image: 'The image could not be uploaded; check it is a JPEG, PNG or WebP of 2 MB or less.',
                },
              };
            imagePath = stored;
          }
          return sendEboardEntry(values, imagePath);
        },
      };
    });

  return {
    ...form,
    submit,
    chooseImage,
    imageName: image?.name,
    /** Sending, or a chosen picture still being prepared. */
    busy: form.submitting || preparing,
  };
}
