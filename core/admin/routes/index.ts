import type { AdminRouteModule } from '../app.js';

/** Every admin route area, registered in this order. */
export const ADMIN_ROUTE_MODULES: readonly AdminRouteModule[] = [];
