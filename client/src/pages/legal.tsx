import { useEffect } from 'react';
import { Loading } from '../components/loading';

/** Reached by an in-app navigation: load /legal for real, and the server sends the browser on. */
export function Legal() {
  useEffect(() => {
    window.location.replace('/legal');
  }, []);
  return <Loading label="Opening the legal page…" />;
}
