/** The class of src/css/custom.css that gives a box scrolling sideways its edge shadows (tables, diagrams). */
export const SCROLL_SHADOWS_CLASS = 'site-scroll-shadows';
