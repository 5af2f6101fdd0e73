/** The class names given, without the empty ones, as one className. */
export const cx = (...classes: (string | undefined | false)[]) => classes.filter(Boolean).join(' ');
