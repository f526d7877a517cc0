/** The Gulf Cooperation Council members, the coverage most regional carriers share. */
export const GCC_COUNTRIES: readonly string[] = ['SA', 'AE', 'KW', 'BH', 'QA', 'OM'];
