/**
 * The school and mentor portal (the schools remote, issue 27). The shell's route table and the
 * footer name it here; the registration page and the schools remote write the same path (they may
 * not import the shell's libraries). It belongs in ROUTES of @kbe/content once that library names it.
 */
export const SCHOOL_PORTAL_PATH = '/einstein-quest/school-portal';
