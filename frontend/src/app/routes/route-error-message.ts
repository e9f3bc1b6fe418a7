export const ROUTE_ERROR_MESSAGE = "Something went wrong. Reloading the page may help.";
