import { Spin } from 'antd';

export const PageLoading = () => (
  <div style={{ display: 'grid', placeItems: 'center', height: '60vh' }}>
    <Spin size="large" />
  </div>
);
