// Self-hosted Inter (latin subset, one variable font for the weights the tokens use): the same glyphs on every
// machine, so the visual baselines do not depend on the system's fonts.
import './inter.css';
