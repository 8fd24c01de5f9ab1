import { createHashRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes.tsx';

// Hash routing (spec §2). The one route hands every path to AppRoutes, which matches it against
// the table the permission store holds.
export const router = createHashRouter([{ path: '*', element: <AppRoutes /> }]);
