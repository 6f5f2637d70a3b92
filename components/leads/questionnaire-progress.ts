/** sessionStorage key of an unfinished questionnaire (step and answers), so a reload resumes it. */
export const PROGRESS_KEY = "av_optin_progress";
