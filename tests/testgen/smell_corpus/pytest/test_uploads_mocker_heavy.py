# smells: excessive_mocking
from uploads.service import store_upload


def test_store_upload_writes_and_announces(mocker):
    s3 = mocker.patch("uploads.service.s3_client")
    mocker.patch("uploads.service.virus_scan", return_value="clean")
    mocker.patch("uploads.service.thumbnail")
    mocker.patch("uploads.service.exif_strip")
    mocker.patch("uploads.service.quota", return_value=10)
    mocker.patch("uploads.service.publish_event")
    mocker.patch("uploads.service.uuid4", return_value="id-1")
    assert store_upload(b"\x89PNG", "cat.png") == "id-1"
    s3.put_object.assert_called_once()
