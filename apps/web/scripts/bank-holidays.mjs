// Scotland's bank holidays for the browser, made at build time: the virtual module `virtual:scottish-bank-holidays`
// exports (default) the plain list `holidays()` returns — @pentland/enquiries' `scottishBankHolidaysAhead()`, this
// year in London and the next two, from date-holidays. The browser looks days up in it with `holidayLookup`, so the
// library and its data for every country stay on the server (the server functions) and in the build.

export const bankHolidaysModule = 'virtual:scottish-bank-holidays';
const resolved = `\0${bankHolidaysModule}`;

/**
 * @param {{ holidays: () => readonly import('@pentland/enquiries').BankHoliday[] }} options
 * @returns {import('vite').Plugin}
 */
export function bankHolidaysPlugin({ holidays }) {
  return {
    name: 'pentland-bank-holidays',
    resolveId(id) {
      return id === bankHolidaysModule ? resolved : undefined;
    },
    load(id) {
      if (id !== resolved) return undefined;
      const list = holidays().map(({ date, name }) => ({ date, name }));
      return `export default ${JSON.stringify(list)};\n`;
    },
  };
}
