/** The id of the `<script type="application/json">` that carries a server-rendered page's query cache. */
export const SERVER_STATE_ID = 'ssr-state';
