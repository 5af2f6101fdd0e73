// Self-hosted Inter (latin subset, the four weights the tokens use): the same glyphs on every machine,
// so the visual baselines do not depend on the system's fonts.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
