# The app in one container: `docker build -t why-attention .` then
# `docker run -p 8501:8501 why-attention` and open http://localhost:8501.
# Several containers behind a balancer: see deploy/ and the README ("Running it for a class").
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# Two malloc arenas, not 8 per core: Streamlit runs each script run on a new thread, and memory
# freed in a thread's own arena was seldom given back (README, make bench's soak).
ENV MALLOC_ARENA_MAX=2

# An unprivileged user runs the app; the code and weights stay owned by root, read-only to it.
RUN groupadd --system app && useradd --system --gid app --create-home --home-dir /home/app app

WORKDIR /app

# A CJK font, so Chinese labels show in PNGs the server draws (packages.txt does the same on
# Streamlit Community Cloud).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk \
    && rm -rf /var/lib/apt/lists/*

# Dependencies first, so a code change does not reinstall them.
COPY requirements.txt ./
RUN pip install -r requirements.txt

# The app, its settings and the MiniLM weights (models/, about 45 MB): nothing is downloaded at
# run time. .dockerignore keeps tests, tools and local files out.
COPY .streamlit/ .streamlit/
COPY models/ models/
COPY core/ core/
COPY ui/ ui/
COPY app_pages/ app_pages/
COPY streamlit_app.py ./

# Class mode keeps its SQLite file in data/, the one folder the app user may write. Several
# containers share a class only through PostgreSQL: set CLASSROOM_DB_URL (deploy/k8s.yaml).
RUN mkdir -p /app/data && chown app:app /app/data

USER app

EXPOSE 8501

# Streamlit answers "ok" on /_stcore/health once it can take browser connections. The slim
# image has no curl: Python's standard library asks instead.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; r = urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4); sys.exit(0 if r.read() == b'ok' else 1)"]

CMD ["python", "-m", "streamlit", "run", "streamlit_app.py", \
     "--server.address=0.0.0.0", "--server.port=8501", "--server.headless=true"]
