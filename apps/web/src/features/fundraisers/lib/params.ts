/** The query parameter that marks a page just opened: it prompts for a picture and sharing. */
export const CREATED_PARAM = 'created';
