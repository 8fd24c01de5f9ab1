import { createHashRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes.tsx';
import { RouteError } from './RouteError.tsx';

// Hash routing (spec §2). The one route hands every path to AppRoutes, which matches it against
// the table the permission store holds; a page that throws (its code not fetched, most often)
// shows RouteError instead of React Router's developer page.
export const router = createHashRouter([{ path: '*', element: <AppRoutes />, errorElement: <RouteError /> }]);
