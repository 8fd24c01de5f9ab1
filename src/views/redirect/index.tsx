// /redirect/<path>: navigates straight on to /<path>. Going through here makes the router
// unmount and remount the page, which is how a tab is refreshed (spec §2).

import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';

export default function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    navigate(`/${rest}${search}`, { replace: true });
  }, [navigate, rest, search]);

  return null;
}
