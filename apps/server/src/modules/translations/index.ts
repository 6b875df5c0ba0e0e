/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export { overridesOf } from './translations.repo.ts';
export { localeOf, serverTexts, type TServerT } from './translations.texts.ts';
