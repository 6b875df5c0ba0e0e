/** WCAG contrast: one source in packages/shared (also checks branding colours on the server). */
export { AA_TEXT, contrastRatio, relativeLuminance } from '@sextant/shared/values';
