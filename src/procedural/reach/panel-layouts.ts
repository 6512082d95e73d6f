/** The button panels lesson 10 offers. No code: menus read it. */
export const PANEL_LAYOUTS = ['four', 'keypad', 'row'] as const;
export type PanelLayout = (typeof PANEL_LAYOUTS)[number];
