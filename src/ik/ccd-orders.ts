/** The orders a CCD sweep can take (tip to root is the usual one). No code: menus read it. */
export const CCD_ORDERS = ['tip-to-root', 'root-to-tip'] as const;
export type CCDOrder = (typeof CCD_ORDERS)[number];
