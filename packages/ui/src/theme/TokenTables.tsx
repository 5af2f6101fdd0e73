// Docs-only renderings of the tokens (used by Tokens.stories.tsx and Tokens.mdx); not exported by the package.
import { tokens } from './tokens.ts';
import * as css from './TokenTables.css.ts';

type ColourName = keyof typeof tokens.color;

/** Every text/background pair the components use; axe checks each for AA contrast in the story test. */
export const colourPairs: ReadonlyArray<{ fg: ColourName; bg: ColourName; use: string }> = [
  { fg: 'text', bg: 'background', use: 'Body text on the page' },
  { fg: 'text', bg: 'surface', use: 'Text in cards and panels' },
  { fg: 'textMuted', bg: 'surface', use: 'Secondary text in cards' },
  { fg: 'textMuted', bg: 'background', use: 'Secondary text on the page' },
  { fg: 'text', bg: 'surfaceMuted', use: 'Text on muted sections' },
  { fg: 'textMuted', bg: 'surfaceMuted', use: 'Secondary text on muted sections' },
  { fg: 'textInverse', bg: 'surfaceInverse', use: 'Navigation and footer headings' },
  { fg: 'textInverseMuted', bg: 'surfaceInverse', use: 'Navigation links and footer text' },
  { fg: 'textInverse', bg: 'surfaceInverseRaised', use: 'Hovered or current navigation link' },
  { fg: 'onBrand', bg: 'brand', use: 'Primary button, brand section' },
  { fg: 'onBrand', bg: 'brandHover', use: 'Primary button, hovered' },
  { fg: 'brand', bg: 'surface', use: 'Links, secondary button' },
  { fg: 'brand', bg: 'brandSoft', use: 'Secondary button, hovered' },
  { fg: 'onAccent', bg: 'accent', use: 'Contact button, NEW badge' },
  { fg: 'onBrand', bg: 'critical', use: 'Critical button' },
  { fg: 'criticalText', bg: 'criticalSoft', use: 'Error alert (red box)' },
  { fg: 'positiveText', bg: 'positiveSoft', use: 'Success alert' },
];

export function ColourPairs() {
  return (
    <div className={css.grid}>
      {colourPairs.map(({ fg, bg, use }) => (
        <div
          key={`${fg}-${bg}`}
          className={css.swatch}
          style={{ color: tokens.color[fg], background: tokens.color[bg] }}
        >
          <span className={css.swatchName}>
            {fg} on {bg}
          </span>
          <span>{use}</span>
          <span className={css.code}>
            {tokens.color[fg]} / {tokens.color[bg]}
          </span>
        </div>
      ))}
    </div>
  );
}

export function ColourTable() {
  return (
    <table className={css.table}>
      <caption>Colour tokens (vars.color.*)</caption>
      <thead>
        <tr>
          <th className={css.cell}>Token</th>
          <th className={css.cell}>Value</th>
          <th className={css.cell}>Swatch</th>
        </tr>
      </thead>
      <tbody>
        {(Object.keys(tokens.color) as ColourName[]).map((name) => (
          <tr key={name}>
            <td className={`${css.cell} ${css.code}`}>{name}</td>
            <td className={`${css.cell} ${css.code}`}>{tokens.color[name]}</td>
            <td className={css.cell}>
              <div className={css.box} style={{ background: tokens.color[name] }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SpaceTable() {
  return (
    <table className={css.table}>
      <caption>Space (vars.space.*)</caption>
      <tbody>
        {Object.entries(tokens.space).map(([name, value]) => (
          <tr key={name}>
            <td className={`${css.cell} ${css.code}`}>{name}</td>
            <td className={`${css.cell} ${css.code}`}>{value}</td>
            <td className={css.cell} style={{ width: 120 }}>
              <div className={css.bar} style={{ width: value === '0' ? '1px' : value }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TypeScale() {
  return (
    <table className={css.table}>
      <caption>Type scale (vars.fontSize.*, vars.font.body)</caption>
      <tbody>
        {Object.entries(tokens.fontSize).map(([name, value]) => (
          <tr key={name}>
            <td className={`${css.cell} ${css.code}`}>{name}</td>
            <td className={`${css.cell} ${css.code}`}>{value}</td>
            <td className={css.cell} style={{ fontSize: value }}>
              Enterprise cloud solutions
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RadiiAndShadows() {
  return (
    <table className={css.table}>
      <caption>
        Radii (vars.radii.*), shadows (vars.shadow.*), z-index (vars.zIndex.*) and breakpoints
      </caption>
      <tbody>
        {Object.entries(tokens.radii).map(([name, value]) => (
          <tr key={`r-${name}`}>
            <td className={`${css.cell} ${css.code}`}>radii.{name}</td>
            <td className={`${css.cell} ${css.code}`}>{value}</td>
            <td className={css.cell}>
              <div className={css.box} style={{ borderRadius: value }} />
            </td>
          </tr>
        ))}
        {Object.entries(tokens.shadow).map(([name, value]) => (
          <tr key={`s-${name}`}>
            <td className={`${css.cell} ${css.code}`}>shadow.{name}</td>
            <td className={`${css.cell} ${css.code}`}>{value}</td>
            <td className={css.cell}>
              <div className={css.box} style={{ boxShadow: value }} />
            </td>
          </tr>
        ))}
        {Object.entries(tokens.zIndex).map(([name, value]) => (
          <tr key={`z-${name}`}>
            <td className={`${css.cell} ${css.code}`}>zIndex.{name}</td>
            <td className={`${css.cell} ${css.code}`}>{value}</td>
            <td className={css.cell} />
          </tr>
        ))}
        {Object.entries(tokens.breakpoint).map(([name, value]) => (
          <tr key={`b-${name}`}>
            <td className={`${css.cell} ${css.code}`}>breakpoint.{name}</td>
            <td className={`${css.cell} ${css.code}`}>min-width {value}</td>
            <td className={css.cell} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
