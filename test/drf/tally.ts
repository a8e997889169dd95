/** What each differential suite adds to the closing line of `npm run test:drf`. */
export const tally = { agree: 0, unexplained: 0, lines: [] as string[] };
