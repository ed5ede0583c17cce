"""Small JSON HTTP client with retries on server errors."""
import json


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(f"{status}: {message}")
        self.status = status


class NotFoundError(ApiError):
    pass


class HttpClient:
    RETRYABLE = {502, 503, 504}

    def __init__(self, session, base_url: str, max_retries: int = 2, token: str = None):
        self._session = session
        self.base_url = base_url.rstrip("/")
        self.max_retries = max_retries
        self.token = token

    def _headers(self) -> dict:
        headers = {"Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        return headers

    def build_url(self, path: str) -> str:
        return f"{self.base_url}/{path.lstrip('/')}"

    def get_json(self, path: str) -> dict:
        url = self.build_url(path)
        attempts = 0
        while True:
            attempts += 1
            response = self._session.get(url, headers=self._headers())
            if response.status_code in self.RETRYABLE and attempts <= self.max_retries:
                continue
            break
        if response.status_code == 404:
            raise NotFoundError(404, url)
        if response.status_code >= 400:
            raise ApiError(response.status_code, response.text)
        return json.loads(response.text)

    def fetch_user_name(self, user_id: int) -> str:
        data = self.get_json(f"/users/{user_id}")
        return f"{data['first_name']} {data['last_name']}".strip()
