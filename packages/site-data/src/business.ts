/** Thurso, Caithness, in the Scottish Highlands. */
export const geo = {
  latitude: 58.5936,
  longitude: -3.5221,
  region: 'GB-HLD',
  placename: 'Thurso',
} as const;

export const openingHours = {
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  opens: '09:00',
  closes: '17:00',
  /** schema.org's short form. */
  short: 'Mo-Fr 09:00-17:00',
} as const;

export const paymentMethods = ['Cash', 'Credit Card', 'Bank Transfer', 'Invoice'] as const;

/** Metres around Thurso that the business serves. */
export const serviceRadius = 50_000;

export const rating = { value: 4.9, best: 5, count: 47 } as const;
